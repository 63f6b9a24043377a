import AttributionSim
import Foundation
import FuzzSupport
import SimJSON

/// What `attrsim postback verify` does with a file, on any bytes: read postbacks (or say why the
/// file has none), verify and deduplicate each, and read the same bytes as a key file and as a
/// compact JWS. Results or errors, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVerifier(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = FuzzInput.bytes(data, size)
  // Apple's keys only: each key tried costs a verification, the bulk of an execution's time.
  var receiver = PostbackReceiver()
  if let entries = try? PostbackFile.entries(inFile: bytes) {
    for entry in entries {
      guard case .success(let body) = entry.body else { continue }
      switch receiver.receive(body, endpoint: entry.recipient ?? "") {
      case .accepted, .duplicate: _ = SignatureMalleability.warning(for: body)
      case .rejected: break
      }
      _ = PostbackFields(body)
    }
  }
  let text = FuzzInput.text(data, size)
  _ = try? PublicKeyFile.keys(in: text)
  _ = try? CompactJWS(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines))
  return 0
}
