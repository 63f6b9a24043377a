import SimJSON
import SimModel
import SimRecords

// Matching against records lives with the checker, above the records layer; the expectation itself is
// scenario data.
extension PostbackExpectation {
  /// Whether `postback` is one this expectation selects.
  package func selects(_ postback: PostbackRecord) -> Bool {
    guard postback.user == user, postback.recipient == recipient else { return false }
    if let sequenceIndex, postback.sequenceIndex != sequenceIndex { return false }
    if let didWin, postback.didWin != didWin { return false }
    if let adNetworkId, PostbackFields(postback.payload).networkId != adNetworkId { return false }
    return true
  }
}
