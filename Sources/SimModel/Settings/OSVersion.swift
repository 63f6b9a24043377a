/// An iOS version, major.minor.
public struct OSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Major version.
  public var major: Int
  /// Minor version.
  public var minor: Int

  /// A version such as 15.4.
  public init(_ major: Int, _ minor: Int = 0) {
    self.major = major
    self.minor = minor
  }

  /// Parses "15.4" or "17".
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let major = Int(parts[0]), major >= 0 else { return nil }
    let minor = parts.count == 2 ? Int(parts[1]) : 0
    guard let minor, minor >= 0 else { return nil }
    self.init(major, minor)
  }

  /// The version scenarios assume unless they say otherwise.
  public static let current = OSVersion(18, 0)

  public static func < (a: OSVersion, b: OSVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

  public var description: String { "\(major).\(minor)" }
}
