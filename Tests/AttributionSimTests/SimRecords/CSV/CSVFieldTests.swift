import AttributionSim
import SimJSON
import Testing

@testable import SimRecords

/// Text cells that look like numbers stay text in CSV (issue 26 point 5).
@Suite("CSV cells: identifiers that look numeric are quoted")
struct CSVFieldTests {
  @Test("an identifier that looks like a number is quoted; names and plain text are not")
  func identifierQuoting() {
    #expect(CSVField.identifier("0031") == "\"0031\"")
    #expect(CSVField.identifier("2024") == "\"2024\"")
    #expect(CSVField.identifier("1e3") == "\"1e3\"")
    #expect(CSVField.identifier("?0031") == "?0031")
    #expect(CSVField.identifier("us-puzzle") == "us-puzzle")
    #expect(CSVField.identifier("a,b") == "\"a,b\"")
  }

  @Test("decoded.csv quotes a campaign of bare digits (a network the decoder does not know, source 0031)")
  func decodedCampaignDigits() {
    let schema = ConversionSchema.empty
    var decoder = PostbackDecoder(decoder: schema, eventNames: [])
    decoder.decode(payload: .object(["ad-network-id": "n.skadnetwork", "source-identifier": "0031", "postback-sequence-index": 1]))
    let lines = DecodedCSV(decoder.table).text.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[1].hasPrefix("n.skadnetwork,\"0031\",2,"), "window 2: the sequence index 1 plus one")
    #expect(CSVLine.cells(String(lines[1]))[1] == "0031", "quoting is undone by a CSV reader")
  }
}
