/// One of `count` deterministic slices of a run's users or a sweep's points, numbered from 0 so
/// that a Kubernetes Indexed Job's or a Slurm array's task index can be passed as it is.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
  /// The slice, `0..<count`.
  public let index: Int
  /// How many slices there are.
  public let count: Int

  /// The whole: one slice of one.
  public static let whole = Shard(uncheckedIndex: 0, count: 1)

  private init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// The most slices a run or sweep splits into: more than any cluster runs at once, and few
  /// enough that ``range(of:)`` cannot overflow for any run's users.
  public static let maximumCount = 1_000_000

  /// A slice, or nil unless `0 <= index < count <= maximumCount`.
  public init?(index: Int, count: Int) {
    guard (1...Self.maximumCount).contains(count), (0..<count).contains(index) else { return nil }
    self.init(uncheckedIndex: index, count: count)
  }

  /// Parses `I/N`, e.g. `0/4`.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    self.init(index: index, count: count)
  }

  /// `I/N`.
  public var description: String { "\(index)/\(count)" }

  /// This slice's part of `0..<total`: contiguous, and the slices' sizes differ by at most one.
  public func range(of total: Int) -> Range<Int> {
    (total * index / count)..<(total * (index + 1) / count)
  }

  /// Why `shards`, read from `folders` (in the same order), are not the N shards of one run,
  /// each once, naming the folders; nil when they are.
  package static func problem(with shards: [Shard], folders: [String]) -> String? {
    guard let count = shards.first?.count else { return "no shard folders given" }
    if let other = shards.indices.first(where: { shards[$0].count != count }) {
      return "\(folders[other]): expected one of \(count) shards, as \(folders[0]) (shard \(shards[0])), found shard "
        + "\(shards[other]): they split the work differently"
    }
    var seen: [Int: Int] = [:]
    for (position, shard) in shards.enumerated() {
      if let earlier = seen[shard.index] {
        return "\(folders[position]): expected each of the \(count) shards once, found shard \(shard) again "
          + "(\(folders[earlier]) holds it too)"
      }
      seen[shard.index] = position
    }
    let missing = (0..<count).filter { seen[$0] == nil }
    guard missing.isEmpty else {
      let given = shards.map(\.index).sorted().map { "\($0)/\(count)" }.joined(separator: ", ")
      return "expected all \(count) shards, 0/\(count) to \(count - 1)/\(count), found \(given): missing shard(s) "
        + "\(missing.map { "\($0)/\(count)" }.joined(separator: ", ")); give every shard's folder"
    }
    return nil
  }
}
