import AttributionCrypto
import AttributionSim
import AttributionTestSupport
import SimJSON
import Testing

/// A receiver that skips verification (what `attrsim decode` reads through) drops replays by the
/// same key as one that checks signatures, so decoding postbacks from a file skips the repeats a
/// run's receivers drop.
@Suite("Receiving without verification")
struct UnverifiedReceivingTests {
  private let key = try! ECPrivateKey.generate()

  /// A 3.0 postback with `transaction`, signed unless `signed` is false.
  private func postback(_ transaction: String, signed: Bool = true, didWin: Bool = true) throws -> JSONValue {
    try PostbackReceiverTests.postback(transaction, key: signed ? key : nil, didWin: didWin)
  }

  @Test("an unsigned body is accepted; its repeat is a duplicate by the verifying receiver's key, fields named alike")
  func sameKeyAsVerifying() throws {
    var verifying = PostbackReceiver(otherKeys: [key.publicKey])
    var unverified = PostbackReceiver(verification: .skipped)
    let signed = try postback("t-1")
    guard case .object(var altered) = signed else { return }
    altered["conversion-value"] = 63
    for body in [signed, signed, .object(altered), try postback("t-2")] {
      #expect(unverified.receive(body) == verifying.receive(body))
    }
    #expect(unverified.counts == verifying.counts && unverified.counts.duplicates == 2)
    let unsigned = try postback("t-3", signed: false)
    guard case .rejected = verifying.receive(unsigned) else {
      Issue.record("the verifying receiver took an unsigned postback")
      return
    }
    #expect(unverified.receive(unsigned) == .accepted(warnings: []))
    #expect(unverified.receive(unsigned) == .duplicate(identifier: "example123.skadnetwork/t-3", differingFields: []))
  }

  @Test("a body without a replay key is taken each time: there is nothing to drop it by")
  func noKey() {
    var receiver = PostbackReceiver(verification: .skipped)
    let body: JSONValue = .object(["ad-network-id": "n.skadnetwork", "source-identifier": "39", "conversion-value": 1])
    #expect(receiver.receive(body) == .accepted(warnings: []))
    #expect(receiver.receive(body) == .accepted(warnings: []))
    #expect(receiver.counts.accepted == 2)
  }

  @Test("reading for decoding: developer copies and non-winning postbacks are named even when repeated, a repeat dropped")
  func decodingReceipts() throws {
    let schema = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice)).schema
    var decoder = PostbackDecoder(decoder: schema, eventNames: schema.eventNames)
    var receiver = PostbackReceiver(verification: .skipped)
    func read(_ body: JSONValue, _ recipient: PostbackRecipient) -> PostbackReceiver.DecodingReceipt {
      receiver.receive(body, fields: PostbackFields(body), recipient: recipient, decodingInto: &decoder)
    }
    let winning = try postback("t-1", signed: false)
    let losing = try postback("t-2", signed: false, didWin: false)
    guard case .decoded(.decoded?) = read(winning, .adNetwork) else {
      Issue.record("an unsigned winning postback was not decoded")
      return
    }
    #expect(read(winning, .adNetwork) == .duplicate)
    #expect(read(winning, .developer) == .developerCopy)
    #expect(read(winning, .developer) == .developerCopy, "a repeated copy is still a copy")
    #expect(read(losing, .adNetwork) == .nonWinning)
    #expect(read(losing, .adNetwork) == .nonWinning, "a repeated non-winning postback is still non-winning")
    #expect(decoder.table.orderedRows.map(\.postbacks) == [1], "only the first winning copy is decoded")
  }

  @Test("a run's receivers and a reader of the run's postbacks drop the same repeat and decode the same postbacks")
  func decodeAgreesWithRun() throws {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    let posted = ScenarioRunner.collect(scenario).outputs.postbacks
    let first = try #require(posted.first { $0.recipient == .adNetwork && $0.didWin })
    // The winning postback arrives twice, as a device retry would send it: again at its last
    // retry, among the postbacks sent 9 days later (§5.3), which a run's receivers still catch.
    var arriving = posted
    arriving.insert(first, at: posted.firstIndex { $0.time > first.time + PostbackDelivery.retrySpan } ?? posted.count)
    let decoding = CalibratedDecoding(estimator: .midpoint)
    var run = ScenarioRunner.receivers(
      scenario, model: scenario.schema, keys: SimulatedKeys(scenario: scenario), sink: DiscardingSink(), decoding: decoding)
    for postback in arriving { run.receive(postback) }
    var receiver = PostbackReceiver(verification: .skipped)
    var decoder = PostbackDecoder(
      decoder: scenario.schema, eventNames: scenario.schema.eventNames, networks: scenario.adNetworks, calibrated: decoding)
    var duplicates = 0
    for postback in arriving {
      let fields = PostbackFields(postback.payload)
      let receipt = receiver.receive(postback.payload, fields: fields, recipient: postback.recipient, decodingInto: &decoder)
      if receipt == .duplicate { duplicates += 1 }
    }
    #expect(duplicates == 1 && run.receiver.counts.duplicates == 1)
    #expect(receiver.counts == run.receiver.counts)
    let runRows = try #require(run.decoder?.table.orderedRows)
    let rows = decoder.table.orderedRows
    #expect(rows.map(\.postbacks) == runRows.map(\.postbacks) && rows.map(\.postbacks).reduce(0, +) == 3)
    #expect(rows.map(\.fine) == runRows.map(\.fine) && rows.map(\.coarse) == runRows.map(\.coarse))
  }
}
