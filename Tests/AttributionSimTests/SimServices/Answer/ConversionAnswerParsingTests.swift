import AttributionSim
import Foundation
import Testing

/// How a conversion-value service's JSON answer is read: values, locks, refusals, and everything
/// that is not the expected JSON.
@Suite("Conversion answer parsing")
struct ConversionAnswerParsingTests {
  private func answer(_ text: String) -> ConversionAnswer { ConversionAnswer(json: Data(text.utf8)) }

  /// The malformed description, or nil when the answer is not malformed.
  private func problem(_ text: String) -> String? {
    if case .failed(.malformed(let why)) = answer(text) { return why }
    return nil
  }

  @Test(
    "values are read as sent",
    arguments: [
      (#"{"conversion_value": 42}"#, ConversionAnswer.update(fine: 42, coarse: nil, lock: false)),
      (
        #"{"conversion_value": 5, "skan_updated_coarse_value": 2, "skan_updated_lock_window_value": true}"#,
        .update(fine: 5, coarse: 2, lock: true)
      ),
      (#"{"skan_updated_coarse_value": 1}"#, .update(fine: nil, coarse: 1, lock: false)),
      (#"{"skan_updated_lock_window_value": false}"#, .update(fine: nil, coarse: nil, lock: false)),
      // Extra members are ignored; null counts as absent.
      (#"{"conversion_value": 7, "note": "x", "skan_updated_coarse_value": null}"#, .update(fine: 7, coarse: nil, lock: false)),
    ])
  func valuesAreReadAsSent(text: String, expected: ConversionAnswer) {
    #expect(answer(text) == expected)
  }

  @Test("out-of-range values are kept for the SDK to validate")
  func outOfRangeValuesAreKept() {
    #expect(answer(#"{"conversion_value": 64, "skan_updated_coarse_value": 3}"#) == .update(fine: 64, coarse: 3, lock: false))
    #expect(answer(#"{"conversion_value": -1, "skan_updated_coarse_value": -1}"#) == .update(fine: -1, coarse: -1, lock: false))
  }

  @Test("an empty object or a bare ok status means nothing new")
  func emptyObjectIsNothingNew() {
    #expect(answer("{}") == .update(fine: nil, coarse: nil, lock: false))
    #expect(answer(#"{"status": "ok"}"#) == .update(fine: nil, coarse: nil, lock: false))
  }

  @Test("ok and success statuses, in any case, keep the values")
  func okStatusesKeepValues() {
    #expect(answer(#"{"status": "OK", "conversion_value": 3}"#) == .update(fine: 3, coarse: nil, lock: false))
    #expect(answer(#"{"status": "Success", "conversion_value": 3}"#) == .update(fine: 3, coarse: nil, lock: false))
  }

  @Test("an error status is a refusal with its reason, and its values are not applied")
  func errorStatusIsRefusal() {
    #expect(
      answer(#"{"status": "error", "reason": "unknown app_key", "conversion_value": 9}"#)
        == .refused(status: "error", reason: "unknown app_key"))
    #expect(answer(#"{"status": "rate_limited"}"#) == .refused(status: "rate_limited", reason: nil))
  }

  @Test("numeric strings are read as integers")
  func numericStringsAreIntegers() {
    #expect(
      answer(#"{"conversion_value": "5", "skan_updated_coarse_value": "0"}"#) == .update(fine: 5, coarse: 0, lock: false))
  }

  @Test(
    "lock flags may be booleans, 0 or 1, or those as strings",
    arguments: [("true", true), ("false", false), ("1", true), ("0", false), (#""true""#, true), (#""0""#, false)])
  func lockFlagForms(written: String, expected: Bool) {
    #expect(answer(#"{"skan_updated_lock_window_value": \#(written)}"#) == .update(fine: nil, coarse: nil, lock: expected))
  }

  @Test("text that is not JSON is malformed")
  func notJSONIsMalformed() throws {
    let why = try #require(problem("<html>Bad Gateway</html>"))
    #expect(why.hasPrefix("expected JSON"))
    #expect(problem("") == "expected a JSON object, found an empty answer")
    #expect(ConversionAnswer(json: Data([0x7B, 0xFF, 0x7D])) == .failed(.malformed("expected UTF-8 JSON text, found other bytes")))
  }

  @Test("a JSON value that is not an object is malformed")
  func nonObjectIsMalformed() {
    #expect(problem("[1, 2]") == "expected a JSON object, found array")
    #expect(problem("42") == "expected a JSON object, found number 42")
  }

  @Test("members of the wrong type are malformed, naming the member and what was found")
  func wrongTypesAreMalformed() {
    #expect(problem(#"{"conversion_value": true}"#) == "expected conversion_value to be an integer, found boolean true")
    #expect(problem(#"{"conversion_value": "five"}"#) == "expected conversion_value to be an integer, found string 'five'")
    #expect(problem(#"{"skan_updated_coarse_value": [1]}"#) == "expected skan_updated_coarse_value to be an integer, found array")
    #expect(problem(#"{"skan_updated_lock_window_value": "yes"}"#) == "expected skan_updated_lock_window_value to be true or false, found string 'yes'")
    #expect(problem(#"{"skan_updated_lock_window_value": 2}"#) == "expected skan_updated_lock_window_value to be true or false, found number 2")
    #expect(problem(#"{"status": 500}"#) == "expected status to be a string, found number 500")
    #expect(problem(#"{"status": "error", "reason": {"code": 1}}"#) == "expected reason to be a string, found object")
  }

  @Test("fractions, exponents and integers beyond Int are malformed")
  func nonIntegersAreMalformed() {
    #expect(problem(#"{"conversion_value": 1.5}"#) == "expected conversion_value to be an integer, found number 1.5")
    #expect(problem(#"{"conversion_value": 5.0}"#) == "expected conversion_value to be an integer, found number 5.0")
    #expect(problem(#"{"conversion_value": 1e1}"#) == "expected conversion_value to be an integer, found number 1e1")
    #expect(problem(#"{"conversion_value": " 5"}"#) == "expected conversion_value to be an integer, found string ' 5'")
    #expect(
      problem(#"{"conversion_value": 99999999999999999999}"#)
        == "expected conversion_value to be an integer, found number 99999999999999999999, too large")
    #expect(
      problem(#"{"conversion_value": "99999999999999999999"}"#)
        == "expected conversion_value to be an integer, found string '99999999999999999999', too large")
  }

  @Test("a key given twice is malformed")
  func duplicateKeysAreMalformed() throws {
    let why = try #require(problem(#"{"conversion_value": 1, "conversion_value": 2}"#))
    #expect(why.hasPrefix("expected JSON"))
  }

  @Test("failures describe themselves and name their kind")
  func failureDescriptions() {
    #expect(ConversionServiceFailure.httpStatus(503).description == "HTTP status 503")
    #expect(ConversionServiceFailure.malformed("x").description == "malformed answer: x")
    let kinds = [ConversionServiceFailure.timeout, .httpStatus(500), .unreachable("x"), .malformed("y")].map(\.kind)
    #expect(kinds == ["timeout", "httpStatus", "unreachable", "malformed"])
  }
}
