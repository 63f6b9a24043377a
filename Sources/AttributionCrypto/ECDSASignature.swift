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

  /// Whether a raw r‖s signature's S is above half the curve's order. ECDSA accepts (r, s) and
  /// (r, n − s) alike, so a high-S signature has a low-S twin that verifies too: signature
  /// bytes do not identify a signed message, and libraries that demand low S (as Bitcoin's do)
  /// reject it.
  public static func isHighS(raw: [UInt8], curve: Curve) throws(CryptoError) -> Bool {
    try withS(raw, curve) { s, order throws(CryptoError) in
      guard let half = BN_dup(order) else { throw CryptoError.fromLibrary("cannot allocate a number") }
      defer { BN_free(half) }
      guard BN_rshift1(half, order) == 1 else { throw CryptoError.fromLibrary("cannot halve the order") }
      return BN_cmp(s, half) > 0
    }
  }

  /// Whether a DER signature's S is above half the curve's order; see ``isHighS(raw:curve:)``.
  public static func isHighS(der: [UInt8], curve: Curve) throws(CryptoError) -> Bool {
    try isHighS(raw: raw(fromDER: der, curve: curve), curve: curve)
  }

  /// The twin of a raw r‖s signature, (r, n − s): it verifies for the same key and message,
  /// high S where the original's is low and low where it is high.
  public static func twin(raw: [UInt8], curve: Curve) throws(CryptoError) -> [UInt8] {
    try withS(raw, curve) { s, order throws(CryptoError) in
      guard let flipped = BN_new() else { throw CryptoError.fromLibrary("cannot allocate a number") }
      defer { BN_free(flipped) }
      guard BN_sub(flipped, order, s) == 1 else { throw CryptoError.fromLibrary("cannot subtract") }
      var result = Array(raw.prefix(curve.byteCount)) + [UInt8](repeating: 0, count: curve.byteCount)
      let written = result.withUnsafeMutableBufferPointer {
        BN_bn2binpad(flipped, $0.baseAddress! + curve.byteCount, Int32(curve.byteCount))
      }
      guard written == curve.byteCount else { throw CryptoError.fromLibrary("cannot encode a number") }
      return result
    }
  }

  /// The twin of a DER signature, in DER; see ``twin(raw:curve:)``.
  public static func twin(der: [UInt8], curve: Curve) throws(CryptoError) -> [UInt8] {
    try self.der(fromRaw: twin(raw: raw(fromDER: der, curve: curve), curve: curve), curve: curve)
  }

  /// Runs `body` with S of a raw signature and the curve's order n, after checking 0 < S < n.
  private static func withS<Result>(
    _ raw: [UInt8], _ curve: Curve, _ body: (_ s: OpaquePointer, _ order: OpaquePointer) throws(CryptoError) -> Result
  ) throws(CryptoError) -> Result {
    let half = curve.byteCount
    guard raw.count == 2 * half else {
      throw .malformedSignature("expected \(2 * half) bytes of r‖s for \(curve.rawValue), found \(raw.count)")
    }
    guard let group = EC_GROUP_new_by_curve_name(curve.nid) else { throw CryptoError.fromLibrary("unknown curve") }
    defer { EC_GROUP_free(group) }
    guard let order = EC_GROUP_get0_order(group) else { throw CryptoError.fromLibrary("the curve has no order") }
    guard let s = raw.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress! + half, Int32(half), nil) }) else {
      throw CryptoError.fromLibrary("cannot read s")
    }
    defer { BN_free(s) }
    guard BN_is_zero(s) == 0, BN_cmp(s, order) < 0 else { throw .malformedSignature("s is not between 1 and the order") }
    return try body(s, order)
  }
}
