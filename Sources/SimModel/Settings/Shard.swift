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

  /// What is wrong with `shards` as the complete set of one split: mixed counts, a slice given
  /// twice, or slices missing; nil when they are exactly slices 0 to N−1 of one N.
  package static func problem(with shards: [Shard]) -> String? {
    guard let count = shards.first?.count else { return "no shard folders given" }
    if let other = shards.first(where: { $0.count != count }) {
      return "shard \(other) does not belong with shard \(shards[0]): they split the work differently"
    }
    let indices = shards.map(\.index)
    if let twice = Set(indices).sorted().first(where: { index in indices.filter { $0 == index }.count > 1 }) {
      return "shard \(twice)/\(count) given twice"
    }
    let missing = (0..<count).filter { !indices.contains($0) }
    guard missing.isEmpty else { return "missing shard(s) \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) of \(count)" }
    return nil
  }
}
