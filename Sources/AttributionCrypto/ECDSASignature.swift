import CLibCrypto

/// Converts ECDSA signatures between DER (SKAdNetwork) and raw r‖s (JWS, RFC 7515 §3.4).
public enum ECDSASignature {
  /// DER from raw r‖s of the curve's size.
  public static func der(fromRaw raw: [UInt8], curve: Curve) throws(CryptoError) -> [UInt8] {
    guard raw.count == 2 * curve.byteCount else {
      throw .malformedSignature("expected \(2 * curve.byteCount) bytes of r‖s for \(curve.rawValue), found \(raw.count)")
    }
    guard let signature = ECDSA_SIG_new() else { throw CryptoError.fromLibrary("cannot allocate a signature") }
    defer { ECDSA_SIG_free(signature) }
    let half = curve.byteCount
    let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32(half), nil) }
    let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + half, Int32(half), nil) }
    guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
      throw CryptoError.fromLibrary("cannot build a signature")
    }
    var output: UnsafeMutablePointer<UInt8>?
    let length = i2d_ECDSA_SIG(signature, &output)
    guard length > 0, let output else { throw CryptoError.fromLibrary("cannot encode a signature") }
    defer { CRYPTO_free(output, #fileID, #line) }
    return Array(UnsafeBufferPointer(start: output, count: Int(length)))
  }

  /// Raw r‖s of the curve's size from DER.
  public static func raw(fromDER der: [UInt8], curve: Curve) throws(CryptoError) -> [UInt8] {
    let decoded = KeyDecoding.der(der) { d2i_ECDSA_SIG(nil, $0, $1) }
    guard let decoded else { throw .malformedSignature("not a DER ECDSA signature") }
    defer { ECDSA_SIG_free(decoded) }
    var raw = [UInt8](repeating: 0, count: 2 * curve.byteCount)
    let half = curve.byteCount
    let ok = raw.withUnsafeMutableBufferPointer { buffer in
      BN_bn2binpad(ECDSA_SIG_get0_r(decoded), buffer.baseAddress, Int32(half)) == half
        && BN_bn2binpad(ECDSA_SIG_get0_s(decoded), buffer.baseAddress! + half, Int32(half)) == half
    }
    guard ok else { throw .malformedSignature("r or s does not fit \(curve.rawValue)") }
    return raw
  }
}
