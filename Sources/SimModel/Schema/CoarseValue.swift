/// SKAdNetwork 4 / AdAttributionKit coarse conversion value (rulebook §4).
public enum CoarseValue: String, CaseIterable, Comparable, Hashable, Sendable {
  case low, medium, high

  private var rank: Int {
    switch self {
    case .low: 0
    case .medium: 1
    case .high: 2
    }
  }

  public static func < (a: CoarseValue, b: CoarseValue) -> Bool { a.rank < b.rank }
}
