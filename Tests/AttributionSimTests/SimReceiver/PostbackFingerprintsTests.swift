import AttributionSim
import SimEngine
import SimJSON
import Testing

/// A receiver keeps digests of each accepted postback, not its text, and names the fields a
/// duplicate changed exactly as comparing it with the first copy's text read back would.
@Suite("Postback fingerprints: duplicates from digests")
struct PostbackFingerprintsTests {
  private let first: JSONValue = [
    "transaction-id": "t-1", "conversion-value": 5, "did-win": true, "nested": ["a": [1, 2]],
  ]

  @Test("a copy with the same fields is a duplicate differing in nothing")
  func sameCopy() {
    var kept = PostbackFingerprints()
    #expect(kept.differingFieldsOrKeep(first, endpoint: "network", identifier: "n/t-1") == nil)
    #expect(kept.differingFieldsOrKeep(first, endpoint: "network", identifier: "n/t-1") == [])
    #expect(kept.count == 1)
  }

  @Test("changed, added and removed fields are named, sorted, nested values compared whole")
  func changedFields() {
    var kept = PostbackFingerprints()
    _ = kept.differingFieldsOrKeep(first, endpoint: "", identifier: "n/t-1")
    guard case .object(var fields) = first else { return }
    fields["conversion-value"] = 63  // changed
    fields["nested"] = ["a": [1, 3]]  // changed deep inside
    fields["did-win"] = nil  // removed
    fields["extra"] = "x"  // added
    let second = JSONValue.object(fields)
    let expected = ["conversion-value", "did-win", "extra", "nested"]
    #expect(kept.differingFieldsOrKeep(second, endpoint: "", identifier: "n/t-1") == expected)
    // The same as comparing with the first copy's text read back.
    let readBack = JSONValue(try! JSONParser.parse(first.serialized()))
    #expect(PostbackReceiver.differingFields(readBack, second) == expected)
  }

  @Test("a double with an integer value reads back as an integer, so it differs, as the kept text did")
  func integralDouble() {
    var kept = PostbackFingerprints()
    let body: JSONValue = ["value": .double(1.0), "id": "t-1"]
    _ = kept.differingFieldsOrKeep(body, endpoint: "", identifier: "t-1")
    #expect(kept.differingFieldsOrKeep(body, endpoint: "", identifier: "t-1") == ["value"])
    #expect(PostbackReceiver.differingFields(JSONValue(try! JSONParser.parse(body.serialized())), body) == ["value"])
    // The integer it reads back as is the same; a double with a fraction is itself.
    #expect(kept.differingFieldsOrKeep(["value": 1, "id": "t-1"], endpoint: "", identifier: "t-1") == [])
    #expect(PostbackReceiver.differingFields(JSONValue(try! JSONParser.parse(body.serialized())), ["value": 1, "id": "t-1"]) == [])
    let fraction: JSONValue = ["value": .double(1.5), "id": "t-2"]
    _ = kept.differingFieldsOrKeep(fraction, endpoint: "", identifier: "t-2")
    #expect(kept.differingFieldsOrKeep(fraction, endpoint: "", identifier: "t-2") == [])
  }

  @Test("endpoint and identifier are kept apart: 'a'+'bc' is not 'ab'+'c', and endpoints do not share copies")
  func keysAreExact() {
    var kept = PostbackFingerprints()
    #expect(kept.differingFieldsOrKeep(first, endpoint: "a", identifier: "bc") == nil)
    #expect(kept.differingFieldsOrKeep(first, endpoint: "ab", identifier: "c") == nil)
    #expect(kept.differingFieldsOrKeep(first, endpoint: "", identifier: "abc") == nil)
    #expect(kept.differingFieldsOrKeep(first, endpoint: "a", identifier: "bc") == [])
    #expect(kept.count == 3)
  }

  @Test("a body that is not an object differs as a whole from anything but the same value")
  func nonObjects() {
    var kept = PostbackFingerprints()
    _ = kept.differingFieldsOrKeep("text", endpoint: "", identifier: "x")
    #expect(kept.differingFieldsOrKeep("text", endpoint: "", identifier: "x") == [])
    #expect(kept.differingFieldsOrKeep("other", endpoint: "", identifier: "x") == ["(body)"])
    #expect(kept.differingFieldsOrKeep(first, endpoint: "", identifier: "x") == ["(body)"])
    _ = kept.differingFieldsOrKeep(first, endpoint: "", identifier: "y")
    #expect(kept.differingFieldsOrKeep("text", endpoint: "", identifier: "y") == ["(body)"])
  }

  /// A body whose one field tells postbacks apart.
  private func body(_ number: Int) -> JSONValue { ["transaction-id": .string("t-\(number)"), "conversion-value": 5] }

  /// Rulebook §5.3: a device retries for at most 9 days from its first attempt, so a retry comes
  /// at most 9 days after the copy the receiver accepted; the run's 10-day horizon catches it.
  @Test("§5.3: a retry 9 days after the accepted copy is still caught; past the 10-day horizon the postback is forgotten")
  func horizonCatchesEveryRetry() {
    #expect(PostbackReceiver.runHorizon >= PostbackDelivery.retrySpan)
    var kept = PostbackFingerprints()
    let day = SimDuration.days(1)
    let start = SimTime.zero + day
    for number in 0..<3 {
      kept.clock = start + day * Int64(number)
      #expect(kept.differingFieldsOrKeep(body(number), endpoint: "network", identifier: "t-\(number)") == nil)
    }
    // The last retry of postback 0, 9 days after it was accepted.
    let lastRetry = start + PostbackDelivery.retrySpan
    kept.clock = lastRetry
    kept.forget(receivedBefore: lastRetry - PostbackReceiver.runHorizon)
    #expect(kept.differingFieldsOrKeep(body(0), endpoint: "network", identifier: "t-0") == [])
    #expect(kept.count == 3)
    // A day and a millisecond later, postback 0 lies past the horizon; 1 and 2 do not.
    let later = start + PostbackReceiver.runHorizon + .milliseconds(1)
    kept.clock = later
    kept.forget(receivedBefore: later - PostbackReceiver.runHorizon)
    #expect(kept.count == 2)
    #expect(kept.differingFieldsOrKeep(body(1), endpoint: "network", identifier: "t-1") == [])
    #expect(kept.differingFieldsOrKeep(body(0), endpoint: "network", identifier: "t-0") == nil)
  }

  @Test("forgetting frees the digests of forgotten postbacks and keeps the rest readable")
  func forgettingKeepsLaterDigests() {
    var kept = PostbackFingerprints()
    // Enough postbacks to fill several digest chunks (2 fields each, 65,536 digests a chunk).
    let count = 100_000
    for number in 0..<count {
      kept.clock = SimTime(milliseconds: Int64(number))
      _ = kept.differingFieldsOrKeep(body(number), endpoint: "", identifier: "t-\(number)")
    }
    kept.forget(receivedBefore: SimTime(milliseconds: Int64(count - 10)))
    #expect(kept.count == 10)
    for number in count - 10..<count {
      var changed = body(number)
      if case .object(var fields) = changed { fields["conversion-value"] = 6; changed = .object(fields) }
      #expect(kept.differingFieldsOrKeep(changed, endpoint: "", identifier: "t-\(number)") == ["conversion-value"])
    }
  }

  @Test("a postback kept before the clock was set is never forgotten, and its digests stay readable")
  func keptWithoutClock() {
    var kept = PostbackFingerprints()
    _ = kept.differingFieldsOrKeep(body(-1), endpoint: "", identifier: "t--1")
    for number in 0..<70_000 {
      kept.clock = SimTime(milliseconds: Int64(number))
      _ = kept.differingFieldsOrKeep(body(number), endpoint: "", identifier: "t-\(number)")
    }
    kept.forget(receivedBefore: SimTime(milliseconds: 69_990))
    #expect(kept.count == 11)
    #expect(kept.differingFieldsOrKeep(body(-1), endpoint: "", identifier: "t--1") == [])
  }
}
