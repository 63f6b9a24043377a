extension Array {
  /// The index of the least element present by `precedes`, the lowest index among equals; nil
  /// when none is: the next line of a k-way merge of sorted files, `self` holding each file's
  /// head (nil once it has ended). Ties go to the earlier file, which keeps merges deterministic.
  package func indexOfLeast<Head>(by precedes: (Head, Head) -> Bool) -> Int? where Element == Head? {
    var best: (index: Int, head: Head)?
    for index in indices {
      guard let head = self[index] else { continue }
      if let current = best, !precedes(head, current.head) { continue }
      best = (index, head)
    }
    return best?.index
  }
}
