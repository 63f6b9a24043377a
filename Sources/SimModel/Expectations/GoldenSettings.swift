/// Which of a run's outputs golden copies cover, and what is normalised out of them first.
public struct GoldenSettings: Sendable, Equatable {
  /// What normalisation leaves out of outputs, so golden copies survive harmless changes.
  public struct Normalisation: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Signatures (`attribution-signature`, `jws-string`): they change with any key or field.
    public static let signatures = Normalisation(rawValue: 1)
    /// Random identifiers (transaction, conversion and postback IDs, nonces), replaced by
    /// numbers in order of first appearance, so the postbacks of one conversion still share one.
    public static let identifiers = Normalisation(rawValue: 2)
    /// Timestamps written as offsets from the scenario's epoch (`+2d1h25m`).
    public static let times = Normalisation(rawValue: 4)
    /// Every normalisation.
    public static let all: Normalisation = [.signatures, .identifiers, .times]
    /// The names used in scenario files, in order.
    public static let names: [(name: String, option: Normalisation)] = [
      ("signatures", .signatures), ("identifiers", .identifiers), ("times", .times),
    ]
  }

  /// The output files compared, by name, in this order.
  public var files: [String]
  /// What is normalised before comparing.
  public var normalisation: Normalisation

  /// The outputs golden copies may cover.
  public static let comparableFiles = [
    "summary.json", "decoded.csv", "postbacks.jsonl", "conversions.jsonl", "keys.json", "trace.jsonl", "adservices.jsonl", "sdk-trace.jsonl",
  ]
  /// Small, stable files by default: the summary and the decoding table.
  public static let defaultFiles = ["summary.json", "decoded.csv"]

  /// Settings with every part given; by default the summary and decoding table, fully normalised.
  public init(files: [String] = GoldenSettings.defaultFiles, normalisation: Normalisation = .all) {
    self.files = files
    self.normalisation = normalisation
  }
}
