import SimJSON
import SimModel

/// Checks the values Apple sends outside the signature (rulebook §4, §7.1, §7.5). Anyone between
/// the device and the receiver can change them without breaking the signature, so a verified
/// postback may still carry a value no device sends; such values earn a warning, not a rejection.
package enum UnsignedValues {
  /// The fine values a device can send (rulebook §4).
  package static let fineRange: ClosedRange<Int64> = 0...63

  /// Warnings for `fields` (a body's fields, with an AdAttributionKit JWS payload's merged in);
  /// `version` is an SKAdNetwork postback's version, nil for AdAttributionKit.
  package static func warnings(_ fields: [String: JSONValue], version: String?) -> [String] {
    var warnings: [String] = []
    let fine = fields["conversion-value"]
    let coarse = fields["coarse-conversion-value"]
    if let fine {
      if case .int(let value) = fine {
        if !fineRange.contains(value) {
          warnings.append("'conversion-value' \(value) is outside 0–63: no device sends it (rulebook §4)")
        }
      } else {
        warnings.append("'conversion-value' is \(shown(fine)), not an integer 0–63 as Apple sends")
      }
      if case .int(let index) = fields["postback-sequence-index"], index > 0 {
        warnings.append(
          "'conversion-value' on postback-sequence-index \(index): only the first window's postback carries a fine value (rulebook §4)")
      }
    }
    if let coarse {
      let known: Bool = if case .string(let text) = coarse { CoarseValue(rawValue: text) != nil } else { false }
      if let version, version < "4.0" {
        warnings.append("'coarse-conversion-value' on a \(version) postback: coarse values exist from 4.0 (rulebook §4)")
      } else if !known {
        warnings.append("'coarse-conversion-value' is \(shown(coarse)), not low, medium or high")
      }
    }
    if fine != nil && coarse != nil {
      warnings.append("both 'conversion-value' and 'coarse-conversion-value': a postback carries at most one (rulebook §4)")
    }
    return warnings
  }

  /// A value as JSON text, cut to a readable length.
  private static func shown(_ value: JSONValue) -> String {
    let text = value.serialized()
    return text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}
