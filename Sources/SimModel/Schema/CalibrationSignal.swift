/// What an install's postback for one window carried, as the calibrated decoder conditions on it.
public enum CalibrationSignal: Hashable, Sendable, Comparable {
  /// A fine value (0–63).
  case fine(Int)
  /// A coarse value.
  case coarse(CoarseValue)
  /// A postback without a value (crowd anonymity withheld it).
  case none
  /// No postback for the window although the install's first one came (tier 0 gets no
  /// postbacks 2 and 3, or the window's postback was lost or late).
  case missing

  /// The signal's name in calibration files: `fine:12`, `coarse:low`, `none`, `missing`.
  public var name: String {
    switch self {
    case .fine(let value): "fine:\(value)"
    case .coarse(let value): "coarse:\(value.rawValue)"
    case .none: "none"
    case .missing: "missing"
    }
  }

  /// The signal named `name`, or nil when it names none.
  public init?(name: String) {
    if name == "none" {
      self = .none
    } else if name == "missing" {
      self = .missing
    } else if name.hasPrefix("fine:"), let value = Int(name.dropFirst(5)), ConversionUpdate.fineRange.contains(value) {
      self = .fine(value)
    } else if name.hasPrefix("coarse:"), let value = CoarseValue(rawValue: String(name.dropFirst(7))) {
      self = .coarse(value)
    } else {
      return nil
    }
  }

  /// Whether the estimate for it is imputation (the postback says nothing of the window's value).
  public var isImputed: Bool { self == .none || self == .missing }

  private var order: (Int, Int) {
    switch self {
    case .fine(let value): (0, value)
    case .coarse(let value): (1, CoarseValue.allCases.firstIndex(of: value) ?? 0)
    case .none: (2, 0)
    case .missing: (3, 0)
    }
  }

  public static func < (a: CalibrationSignal, b: CalibrationSignal) -> Bool { a.order < b.order }
}
