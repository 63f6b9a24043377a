import Foundation

/// The SKAdNetwork versions the simulator knows.
public enum SKAdNetworkVersion: String, CaseIterable, Comparable, Sendable {
  case v2_2 = "2.2"
  case v3_0 = "3.0"
  case v4_0 = "4.0"

  public static func < (a: SKAdNetworkVersion, b: SKAdNetworkVersion) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// Whether postbacks come in three conversion windows with coarse values and tiers (4.0).
  public var hasConversionWindows: Bool { self >= .v4_0 }
  /// Whether non-winning networks get postbacks (3.0 and later, rulebook §3.3).
  public var sendsRunnerUpPostbacks: Bool { self >= .v3_0 }
  /// The oldest iOS that runs this version (rulebook §1).
  public var minimumOS: OSVersion {
    switch self {
    case .v2_2: OSVersion(14, 5)
    case .v3_0: OSVersion(14, 6)
    case .v4_0: OSVersion(16, 1)
    }
  }
}
