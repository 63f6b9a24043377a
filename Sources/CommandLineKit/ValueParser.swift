/// How the text of a command-line word becomes a typed value.
public struct ValueParser<Value>: Sendable {
  /// The value, or why the text cannot be one.
  let parse: @Sendable (String) -> Result<Value, ValueRefusal>
  /// What shells offer for the value, when the parser knows better than the placeholder's name.
  let completion: ValueCompletion?

  /// A parser from a function; `completion` is offered by shells unless the declaration says otherwise.
  public init(
    completion: ValueCompletion? = nil, _ parse: @escaping @Sendable (String) -> Result<Value, ValueRefusal>
  ) {
    self.parse = parse
    self.completion = completion
  }
}

extension ValueParser where Value == String {
  /// Any text, as typed: a URL, a pattern, a name.
  public static var text: Self {
    Self { .success($0) }
  }

  /// A file or folder to read; a path that cannot be read is reported by the reading.
  public static var inputPath: Self {
    text
  }

  /// A file or folder to write; an empty path (or only spaces) is refused rather than taken as
  /// the current folder.
  public static var outputPath: Self {
    Self { text in
      // Spaces and tabs, the same set as Foundation's `CharacterSet.whitespaces`.
      let blank = text.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
      return blank ? .failure(.invalidForName(reason: "expected a path, not an empty string")) : .success(text)
    }
  }
}

extension ValueParser where Value == Int {
  /// An integer within `range`; anything else is refused naming the range.
  public static func integer(in range: ClosedRange<Int>) -> Self {
    Self { text in
      guard let number = Int(text), range.contains(number) else {
        return .failure(.invalid(reason: "expected an integer from \(range.lowerBound) to \(range.upperBound)"))
      }
      return .success(number)
    }
  }
}

extension ValueParser where Value == Double {
  /// A number within `range`; anything else (NaN and infinities too) is refused naming the
  /// range, with `unit` after it ("seconds").
  public static func number(in range: ClosedRange<Double>, unit: String = "") -> Self {
    Self { text in
      guard let number = Double(text), range.contains(number) else {
        let unitText = unit.isEmpty ? "" : " \(unit)"
        return .failure(
          .invalid(reason: "expected a number from \(plain(range.lowerBound)) to \(plain(range.upperBound))\(unitText)"))
      }
      return .success(number)
    }
  }

  /// `0`, `86400`, `0.5`: a limit as a person writes it.
  static func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}

extension ValueParser where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
  /// One of the enumeration's raw values, which shells offer; anything else is refused listing
  /// them (`expected text or json`).
  public static var oneOf: Self {
    let names = Value.allCases.map(\.rawValue)
    let listed = names.count < 2 ? names.joined() : "\(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1])"
    return Self(completion: .values(names)) { text in
      Value(rawValue: text).map(Result.success) ?? .failure(.invalidForName(reason: "expected \(listed)"))
    }
  }
}
