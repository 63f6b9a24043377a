import SimJSON

/// A file's bytes as text, strictly: a byte that is not UTF-8 is an error at its offset rather
/// than a replacement character that would hide where the file stops being text.
package enum UTF8Text {
  /// The byte offset of the first byte that is not part of valid UTF-8.
  package struct Invalid: Error, Equatable {
    package var byteOffset: Int
  }

  /// `bytes` as text, without a leading byte order mark.
  package static func decode(_ bytes: [UInt8]) throws(Invalid) -> String {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes[start...].makeIterator()
    var offset = start
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return String(decoding: bytes[start...], as: UTF8.self)
      case .error: throw Invalid(byteOffset: offset)
      }
    }
  }

  /// The byte offset in `text` of a line and column (columns in Unicode scalars, as
  /// ``SourceLocation`` counts them); the end of the text when the location is past it.
  package static func byteOffset(of location: SourceLocation, in text: String) -> Int {
    var offset = 0
    var line = 1
    var column = 1
    for scalar in text.unicodeScalars {
      if line == location.line && column == location.column { return offset }
      offset += UTF8.width(scalar)
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return offset
  }
}
