/// Event names in order of first mention.
package struct EventNames {
  package private(set) var names: [String] = []

  package mutating func index(of name: String) -> Int {
    if let index = names.firstIndex(of: name) { return index }
    names.append(name)
    return names.count - 1
  }
}
