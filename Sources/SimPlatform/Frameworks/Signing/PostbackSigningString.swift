import SimJSON
import SimModel

/// The string Apple signs for an SKAdNetwork postback: its signed fields, in the order of its
/// version, joined by U+2063 INVISIBLE SEPARATOR (rulebook §7.2; A3, A4, A5).
public enum PostbackSigningString {
  /// Why a postback's signed fields cannot be assembled.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// `version` names no SKAdNetwork version with a known field order.
    case unknownVersion(String)
    /// A signed field is absent.
    case missingField(String)
    /// A signed field has a JSON type no postback uses for it.
    case wrongType(field: String, found: String)

    public var description: String {
      switch self {
      case .unknownVersion(let version): "unknown version '\(version)'"
      case .missingField(let field): "missing field '\(field)'"
      case .wrongType(let field, let found): "field '\(field)' has the wrong type: \(found)"
      }
    }
  }

  /// The separator Apple joins fields with.
  public static let separator = "\u{2063}"

  /// Versions whose field order is known: the older ones receivers still meet, then each
  /// simulated version's. 1.0 postbacks carry no `version` key.
  public static let knownVersions = ["1.0", "2.0", "2.1"] + SKAdNetworkVersion.allCases.map(\.rawValue)

  /// One signed field: its name, or names when any one of them may fill the place, and
  /// whether it may be absent (then it is left out with its separator).
  package struct Field: Sendable {
    package var names: [String]
    package var optional: Bool

    package init(names: [String], optional: Bool) {
      self.names = names
      self.optional = optional
    }

    /// Fields that must be present, in order.
    package static func required(_ names: String...) -> [Field] { names.map { Field(names: [$0], optional: false) } }
  }

  /// The signed fields of 2.0 and 2.1, which later versions before 4.0 extend.
  package static let version2Fields =
    Field.required("version", "ad-network-id", "campaign-id", "app-id", "transaction-id", "redownload")
    + [Field(names: ["source-app-id"], optional: true)]

  /// The signed fields of each version, in order; built once, since every postback needs them.
  /// Each simulated version's order is its framework's (``SKAdNetworkFramework/signedFields``).
  private static let fieldOrders: [String: [Field]] = {
    var orders = [
      // SKAdNetwork 1.0 (A15): no version, redownload or source app; P-192 key.
      "1.0": Field.required("ad-network-id", "campaign-id", "app-id", "transaction-id"),
      "2.0": version2Fields, "2.1": version2Fields,
    ]
    for version in SKAdNetworkVersion.allCases {
      orders[version.rawValue] = AttributionFrameworks.skAdNetwork(version).signedFields
    }
    return orders
  }()

  /// The signed fields of `version`, in order.
  package static func fields(of version: String) -> [Field]? { fieldOrders[version] }

  /// The version a postback declares; postbacks without `version` are 1.0.
  public static func version(of payload: [String: JSONValue]) -> String {
    if case .string(let version) = payload["version"] { return version }
    return "1.0"
  }

  /// The signing string of `payload` under the field order of `version` (its own by default).
  public static func make(for payload: [String: JSONValue], version: String? = nil) throws(Problem) -> String {
    let version = version ?? self.version(of: payload)
    guard let fields = fields(of: version) else { throw .unknownVersion(version) }
    var signed = ""
    signed.reserveCapacity(256)
    var first = true
    for field in fields {
      guard let (name, value) = field.names.lazy.compactMap({ name in payload[name].map { (name, $0) } }).first else {
        if field.optional { continue }
        throw .missingField(field.names.joined(separator: "|"))
      }
      if !first { signed += separator }
      first = false
      // The version signed is the version declared, even when another order is tried.
      signed += name == "version" ? self.version(of: payload) : try text(of: value, field: name)
    }
    return signed
  }

  /// A field's signed text: strings as they are, numbers in decimal, booleans as true/false.
  package static func text(of value: JSONValue, field: String) throws(Problem) -> String {
    switch value {
    case .string(let text): return text
    case .int(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .double(let number) where number.rounded() == number && abs(number) < 1e15: return String(Int64(number))
    case .null: throw .wrongType(field: field, found: "null")
    case .double: throw .wrongType(field: field, found: "a fractional number")
    case .array: throw .wrongType(field: field, found: "an array")
    case .object: throw .wrongType(field: field, found: "an object")
    }
  }
}
