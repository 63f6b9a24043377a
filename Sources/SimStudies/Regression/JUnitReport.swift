import Foundation
import SimOutput

/// JUnit XML for CI systems: one test suite per scenario file, one test case per check.
public enum JUnitReport {
  /// Writes ``xml(_:)`` to `file`: a regular file through a temporary file, so a CI system never
  /// reads half a report; a device or FIFO written through, never replaced.
  public static func write(_ results: [VerificationResult], to file: OutputFile) throws(RunDirectoryWriter.WriteError) {
    try file.write(xml(results))
  }

  /// The XML document for `results`, ending in a newline.
  ///
  /// A suite's `time` is the wall time of verifying its scenario (loading, running, checking); a
  /// case's is that of its own check, so the cases of a suite add up to less than the suite. A
  /// skipped scenario is a suite with one skipped case, `verify`. A failure's `message` is its
  /// first difference; the element holds every difference and what explains them.
  public static func xml(_ results: [VerificationResult]) -> String {
    let failures = results.reduce(0) { $0 + $1.checks.filter { !$0.passed }.count }
    let skipped = results.filter { $0.skipped != nil }.count
    let tests = results.reduce(0) { $0 + max($1.checks.count, $1.skipped == nil ? 0 : 1) }
    let total = results.reduce(0) { $0 + $1.seconds }
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="attrsim verify" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="\#(skipped)" time="\#(time(total))">"#,
    ]
    for result in results {
      let file = escaped(result.file)
      if let reason = result.skipped {
        lines.append(#"  <testsuite name="\#(file)" tests="1" failures="0" errors="0" skipped="1" time="0.000">"#)
        lines.append(#"    <testcase classname="\#(file)" name="verify" time="0.000">"#)
        lines.append(#"      <skipped message="\#(escaped(reason))"/>"#)
        lines.append("    </testcase>")
        lines.append("  </testsuite>")
        continue
      }
      let failed = result.checks.filter { !$0.passed }.count
      lines.append(
        #"  <testsuite name="\#(file)" tests="\#(result.checks.count)" failures="\#(failed)" errors="0" skipped="0" time="\#(time(result.seconds))">"#
      )
      for check in result.checks {
        let open = #"    <testcase classname="\#(file)" name="\#(escaped(check.name))" time="\#(time(check.seconds))""#
        guard !check.passed else {
          lines.append(open + "/>")
          continue
        }
        lines.append(open + ">")
        let message = short(check.problems.first ?? "")
        let body = (check.origin.map { ["at \($0)"] } ?? []) + check.problems + check.context.map { "· \($0)" }
        lines.append(
          #"      <failure message="\#(escaped(message))" type="\#(check.name.hasPrefix("golden ") ? "golden" : "expectation")">"#
            + escaped(body.joined(separator: "\n")) + "</failure>")
        lines.append("    </testcase>")
      }
      let out = result.notes.map { "note: \($0)" } + result.goldenUpdated.map { "updated golden \($0)" }
      if !out.isEmpty {
        lines.append("    <system-out>\(escaped(out.joined(separator: "\n")))</system-out>")
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The first line of `text`, at most 200 characters: a failure's message is its headline.
  package static func short(_ text: String) -> String {
    let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    return line.count <= 200 ? line : String(line.prefix(199)) + "…"
  }

  /// Seconds with millisecond precision, as JUnit readers expect.
  package static func time(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

  private static func escaped(_ text: String) -> String { SVGWriter.escaped(text) }
}
