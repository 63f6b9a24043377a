import AttributionSim

/// Prints one input's problems on standard error with repeats capped: a file with 200,000 bad
/// lines says the first few of each kind and how many more there were, not 20 MB of the same.
struct ProblemPrinter {
  /// Problems printed with the same message (its place aside).
  static let sameMessageLimit = 10
  /// Problems printed in all.
  static let totalLimit = 200

  private var shown: [String: Int] = [:]
  private var printed = 0
  private var held = 0

  /// Prints `line` unless `message` (the line without its place) has been printed
  /// ``sameMessageLimit`` times or ``totalLimit`` lines have been; then it is only counted.
  mutating func print(_ line: String, message: String) {
    let times = shown[message, default: 0]
    guard times < Self.sameMessageLimit, printed < Self.totalLimit else {
      held += 1
      return
    }
    shown[message] = times + 1
    printed += 1
    Console.error(line)
  }

  /// Prints `diagnostic`, capped as ``print(_:message:)`` says.
  mutating func print(_ diagnostic: ScenarioDiagnostic) {
    print(diagnostic.description, message: "\(diagnostic.severity) \(diagnostic.message)")
  }

  /// Says how many problems were counted but not printed, when any were.
  func finish(file: String) {
    guard held > 0 else { return }
    Console.error(
      "\(file): note: \(held) more not shown (at most \(Self.sameMessageLimit) with the same message and "
        + "\(Self.totalLimit) in all are printed)")
  }

  /// Prints every diagnostic of a scenario or schema that cannot be read, then a count, compiler style.
  static func report(_ error: ScenarioLoadError, file: String) {
    var printer = ProblemPrinter()
    for diagnostic in error.diagnostics { printer.print(diagnostic) }
    printer.finish(file: file)
    let errors = error.diagnostics.filter { $0.severity == .error }.count
    Console.error("\(file): \(errors) \(errors == 1 ? "error" : "errors"); nothing was written")
  }
}
