import SimJSON
import SimModel

/// One line of a delimited log split into its fields, each kept with where it starts so that a
/// problem with a field can name its column.
package struct DelimitedLine {
  /// The fields, unquoted.
  package private(set) var fields: [String] = []
  /// The byte offset in the line where each field starts.
  private var offsets: [Int] = []
  private let line: ArraySlice<UInt8>

  /// Splits `line` (line `number` of `file`); a quote left open, text after a closing quote and
  /// bytes that are not UTF-8 are errors at their column.
  package init(_ line: ArraySlice<UInt8>, delimiter: LogDelimiter, file: String, number: Int) throws(ScenarioDiagnostic) {
    self.line = line
    let bytes = Array(line)
    func fail(at offset: Int, _ message: String) -> ScenarioDiagnostic {
      ScenarioDiagnostic(
        file: file, location: SourceLocation(line: number, column: Self.column(of: offset, in: bytes)), path: "", message: message)
    }
    func text(_ slice: ArraySlice<UInt8>, at offset: Int) throws(ScenarioDiagnostic) -> String {
      guard let text = String(validating: slice, as: UTF8.self) else {
        throw fail(at: offset, "expected UTF-8 text, found bytes that are not")
      }
      return text
    }
    if delimiter == .whitespace {
      var index = 0
      while index < bytes.count {
        while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
        guard index < bytes.count else { break }
        let start = index
        while index < bytes.count, !Self.isBlank(bytes[index]) { index += 1 }
        offsets.append(start)
        fields.append(try text(bytes[start..<index], at: start))
      }
      return
    }
    let separator = delimiter == .comma ? UInt8(ascii: ",") : UInt8(ascii: "\t")
    let quote = UInt8(ascii: "\"")
    var index = 0
    while true {
      let start = index
      offsets.append(start)
      if index < bytes.count, bytes[index] == quote {
        var value: [UInt8] = []
        index += 1
        while true {
          guard index < bytes.count else { throw fail(at: start, "expected a closing quote for the field that starts here, found the end of the line") }
          if bytes[index] == quote {
            if index + 1 < bytes.count, bytes[index + 1] == quote {
              value.append(quote)
              index += 2
              continue
            }
            index += 1
            break
          }
          value.append(bytes[index])
          index += 1
        }
        if index < bytes.count, bytes[index] != separator {
          throw fail(at: index, "expected a delimiter after the closing quote, found \"\(Character(Unicode.Scalar(bytes[index])))\"")
        }
        fields.append(try text(value[...], at: start))
      } else {
        while index < bytes.count, bytes[index] != separator { index += 1 }
        fields.append(try text(bytes[start..<index], at: start))
      }
      guard index < bytes.count else { break }
      index += 1
    }
  }

  /// The 1-based column (in Unicode scalars, as scenario files count them) where field `index` starts.
  package func column(ofField index: Int) -> Int { Self.column(of: offsets[index], in: Array(line)) }

  private static func column(of offset: Int, in bytes: [UInt8]) -> Int {
    // Continuation bytes (10xxxxxx) do not start a scalar.
    bytes[..<min(offset, bytes.count)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
  }

  private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
