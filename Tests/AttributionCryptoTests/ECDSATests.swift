import AttributionCrypto
import Foundation
import Testing

/// ECDSA through libcrypto: published test vectors, round trips and bad input.
@Suite("ECDSA keys and signatures")
struct ECDSATests {
  private func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      result.append(UInt8(hex[index..<next], radix: 16)!)
      index = next
    }
    return result
  }

  // RFC 6979 appendix A.2.5: the P-256 key and its SHA-256 signature of "sample".
  private let rfcScalar = "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721"
  private let rfcPublicX = "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
  private let rfcPublicY = "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299"
  private let rfcR = "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
  private let rfcS = "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"

  @Test("a key built from a scalar has the RFC 6979 public point, and verifies the RFC's signature")
  func rfc6979Vector() throws {
    let key = try ECPrivateKey(scalar: bytes(hex: rfcScalar))
    let point = [0x04] + bytes(hex: rfcPublicX) + bytes(hex: rfcPublicY)
    #expect(Array(key.publicKey.spkiDER.suffix(65)) == point)
    let sample = Array("sample".utf8)
    #expect(key.publicKey.isValidRawSignature(bytes(hex: rfcR + rfcS), for: sample))
    #expect(!key.publicKey.isValidRawSignature(bytes(hex: rfcR + rfcS), for: Array("samplf".utf8)))
  }

  @Test("high S: the RFC 6979 signature's S is above n/2, its twin (r, n − s) is low-S and verifies too")
  func highSTwin() throws {
    let key = try ECPrivateKey(scalar: bytes(hex: rfcScalar))
    let sample = Array("sample".utf8)
    let signature = bytes(hex: rfcR + rfcS)
    #expect(try ECDSASignature.isHighS(raw: signature, curve: .p256))
    let twin = try ECDSASignature.twin(raw: signature, curve: .p256)
    #expect(Array(twin.prefix(32)) == bytes(hex: rfcR), "r is kept")
    // n − s for the RFC's s, worked out from the P-256 order FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551.
    #expect(Array(twin.suffix(32)) == bytes(hex: "0834E36AD29A83BF2BC9385E491D6099C8FDF9D1ED67AA7EA5F51F93782857A9"))
    #expect(try !ECDSASignature.isHighS(raw: twin, curve: .p256))
    #expect(key.publicKey.isValidRawSignature(twin, for: sample), "ECDSA accepts both")
    #expect(try ECDSASignature.twin(raw: twin, curve: .p256) == signature)
    let der = try ECDSASignature.der(fromRaw: signature, curve: .p256)
    #expect(try ECDSASignature.isHighS(der: der, curve: .p256))
    #expect(try ECDSASignature.twin(der: der, curve: .p256) == ECDSASignature.der(fromRaw: twin, curve: .p256))
    let p192 = try ECPrivateKey.generate(curve: .p192)
    let signed = try p192.signature(for: sample)
    let twin192 = try ECDSASignature.twin(der: signed, curve: .p192)
    #expect(p192.publicKey.isValidSignature(twin192, for: sample))
    #expect(try ECDSASignature.isHighS(der: twin192, curve: .p192) != ECDSASignature.isHighS(der: signed, curve: .p192))
  }

  @Test("an s of zero, or not below the order, is a malformed signature, not a high one")
  func sOutOfRange() {
    let r = [UInt8](repeating: 1, count: 32)
    #expect(throws: CryptoError.self) { try ECDSASignature.isHighS(raw: r + [UInt8](repeating: 0, count: 32), curve: .p256) }
    #expect(throws: CryptoError.self) { try ECDSASignature.twin(raw: r + [UInt8](repeating: 0xFF, count: 32), curve: .p256) }
    #expect(throws: CryptoError.self) { try ECDSASignature.isHighS(raw: r, curve: .p256) }
  }

  @Test("signatures made here verify, in DER and raw r‖s; a changed message or signature does not")
  func roundTrip() throws {
    let key = try ECPrivateKey.generate()
    let message = Array("4.0\u{2063}example.skadnetwork".utf8)
    let der = try key.signature(for: message)
    #expect(key.publicKey.isValidSignature(der, for: message))
    #expect(!key.publicKey.isValidSignature(der, for: message + [0x20]))
    var altered = der
    altered[altered.count - 1] ^= 1
    #expect(!key.publicKey.isValidSignature(altered, for: message))
    let raw = try key.rawSignature(for: message)
    #expect(raw.count == 64 && key.publicKey.isValidRawSignature(raw, for: message))
    #expect(try ECDSASignature.der(fromRaw: ECDSASignature.raw(fromDER: der, curve: .p256), curve: .p256) == der)
    let other = try ECPrivateKey.generate()
    #expect(!other.publicKey.isValidSignature(der, for: message), "another key's signature")
  }

  @Test("keys survive PKCS#8 and SubjectPublicKeyInfo round trips")
  func keyEncodings() throws {
    let key = try ECPrivateKey(scalar: bytes(hex: rfcScalar))
    let reread = try ECPrivateKey(pkcs8DER: key.pkcs8DER)
    #expect(reread.publicKey.spkiDER == key.publicKey.spkiDER)
    #expect(try ECPublicKey(spkiDER: key.publicKey.spkiDER).spkiDER == key.publicKey.spkiDER)
  }

  @Test("Apple's published keys (rulebook §7.4) decode on their curves")
  func applesKeys() throws {
    let p192 = "MEkwEwYHKoZIzj0CAQYIKoZIzj0DAQEDMgAEMyHD625uvsmGq4C43cQ9BnfN2xslVT5V1nOmAMP6qaRRUll3PB1JYmgSm+62sosG"
    let p256 = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEWdp8GPcGqmhgzEFj9Z2nSpQVddayaPe4FMzqM9wib1+aHaaIzoHoLN9zW4K8y4SPykE3YVK3sVqW6Af0lfx3gg=="
    #expect(try ECPublicKey(base64SPKI: p192).curve == .p192)
    #expect(try ECPublicKey(base64SPKI: p256).curve == .p256)
  }

  @Test("bad keys and signatures are errors or invalid, never crashes")
  func badInput() throws {
    #expect(throws: CryptoError.self) { try ECPublicKey(spkiDER: [0x30, 0x03, 0x01]) }
    #expect(throws: CryptoError.self) { try ECPublicKey(pem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n") }
    #expect(throws: CryptoError.self) { try ECPrivateKey(scalar: [UInt8](repeating: 0, count: 32)) }
    #expect(throws: CryptoError.self) { try ECPrivateKey(scalar: [UInt8](repeating: 0xFF, count: 32)) }
    #expect(throws: CryptoError.self) { try ECDSASignature.der(fromRaw: [1, 2, 3], curve: .p256) }
    let key = try ECPrivateKey.generate()
    #expect(!key.publicKey.isValidSignature([], for: [1]))
    #expect(!key.publicKey.isValidSignature([0x30, 0x02, 0x02, 0x00], for: [1]))
    #expect(!key.publicKey.isValidRawSignature([UInt8](repeating: 0, count: 64), for: [1]))
  }

  @Test("base64url has no padding and rejects other alphabets")
  func base64url() throws {
    #expect(Base64.encodeURL([0xFB, 0xFF]) == "-_8")
    #expect(try Base64.decodeURL("-_8") == [0xFB, 0xFF])
    #expect(throws: CryptoError.self) { try Base64.decodeURL("+/8=") }
    #expect(throws: CryptoError.self) { try Base64.decodeURL("a") }
    #expect(try Base64.decode("+/8=") == [0xFB, 0xFF])
  }

  @Test("SHA-256 of 'abc' is the FIPS 180-2 value")
  func sha256() {
    #expect(SHA256.hash(Array("abc".utf8)) == bytes(hex: "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"))
  }
}

@Suite("Deterministic signing")
struct DeterministicSignerTests {
  @Test("the same key, seed and message give the same signature, and it verifies")
  func sameInputsSameSignature() throws {
    let key = try ECPrivateKey.generate()
    let message = Array("4.0\u{2063}net.skadnetwork".utf8)
    let first = try DeterministicSigner(key: key, seed: [1, 2, 3]).signature(for: message)
    let signer = try DeterministicSigner(key: key, seed: [1, 2, 3])
    #expect(try signer.signature(for: message) == first)
    #expect(try signer.signature(for: message) == first, "signing again does not move the generator on")
    #expect(key.publicKey.isValidSignature(first, for: message))
    #expect(try signer.signature(for: message + [0]) != first)
    #expect(try DeterministicSigner(key: key, seed: [9]).signature(for: message) != first, "another seed")
    let raw = try signer.rawSignature(for: message)
    #expect(key.publicKey.isValidRawSignature(raw, for: message))
  }

  @Test("a signer keeping the ledger: its signature verifies; over another message, with another key or changed, it does not")
  func ledgerAnswersAsTheArithmeticDoes() throws {
    let key = try ECPrivateKey.generate()
    let other = try ECPrivateKey.generate()
    let signer = try DeterministicSigner(key: key, seed: [4, 5, 6])
    signer.keepsLedger = true
    let message = Array("4.0\u{2063}ledger.skadnetwork".utf8)
    let signature = try signer.signature(for: message)
    #expect(key.publicKey.isValidSignature(signature, for: message))
    #expect(!key.publicKey.isValidSignature(signature, for: message + [0]), "another message")
    #expect(!other.publicKey.isValidSignature(signature, for: message), "another key")
    var changed = signature
    changed[changed.count - 1] ^= 1
    #expect(!key.publicKey.isValidSignature(changed, for: message), "a byte changed")
    // The ledger changes no bytes: a signer without it makes the same signature.
    #expect(try DeterministicSigner(key: key, seed: [4, 5, 6]).signature(for: message) == signature)
  }

  @Test("ordinary signing stays random: two signatures of one message differ")
  func ordinarySigningIsRandom() throws {
    let key = try ECPrivateKey.generate()
    #expect(try key.signature(for: [1]) != key.signature(for: [1]))
  }
}
