/// One count of a group of counts, written once: its name in shard files, where the group's JSON
/// object shows it, and where the group stores it (which is also how merging adds it up).
public struct Counter<Group> {
  /// The count's name in shard files (`shard.json`, `final.json`).
  public let name: String
  /// Its place in the group's JSON object, one key per level.
  public let json: [String]
  /// Where the group stores it.
  public let path: WritableKeyPath<Group, Int>

  /// A counter `name`, shown at `json` (one key per level), stored at `path`.
  public init(_ name: String, json: String..., at path: WritableKeyPath<Group, Int>) {
    self.name = name
    self.json = json
    self.path = path
  }

  /// This counter of a group stored at `base`, its name prefixed with `prefix`.
  public func lifted<Outer>(to base: WritableKeyPath<Outer, Group>, prefix: String) -> Counter<Outer> {
    Counter<Outer>(name: prefix + name, json: json, path: base.appending(path: path))
  }

  private init(name: String, json: [String], path: WritableKeyPath<Group, Int>) {
    self.name = name
    self.json = json
    self.path = path
  }
}
