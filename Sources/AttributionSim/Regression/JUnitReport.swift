import Foundation

/// JUnit XML for CI systems: one test suite per scenario file, one test case per check.
public enum JUnitReport {
  /// Writes ``xml(_:)`` to `url` through a temporary file, so a CI system never reads half a report.
  public static func write(_ results: [VerificationResult], to url: URL) throws(RunDirectoryWriter.WriteError) {
    try BufferedFile.write(xml(results), to: url)
  }

  /// The XML document for `results`, ending in a newline. Times are not recorded: the same
  /// results give the same bytes.
  public static func xml(_ results: [VerificationResult]) -> String {
    let failures = results.reduce(0) { $0 + $1.checks.filter { !$0.passed }.count }
    let tests = results.reduce(0) { $0 + $1.checks.count }
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="attrsim verify" tests="\#(tests)" failures="\#(failures)" errors="0">"#,
    ]
    for result in results {
      let failed = result.checks.filter { !$0.passed }.count
      lines.append(
        #"  <testsuite name="\#(escaped(result.file))" tests="\#(result.checks.count)" failures="\#(failed)" errors="0">"#)
      for check in result.checks {
        let open = #"    <testcase classname="\#(escaped(result.file))" name="\#(escaped(check.name))""#
        guard !check.passed else {
          lines.append(open + "/>")
          continue
        }
        lines.append(open + ">")
        let message = check.problems.first ?? ""
        let body = (check.problems + check.context.map { "· \($0)" }).joined(separator: "\n")
        lines.append(#"      <failure message="\#(escaped(message))">\#(escaped(body))</failure>"#)
        lines.append("    </testcase>")
      }
      if !result.notes.isEmpty {
        lines.append("    <system-out>\(escaped(result.notes.joined(separator: "\n")))</system-out>")
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func escaped(_ text: String) -> String { SVGWriter.escaped(text) }
}
