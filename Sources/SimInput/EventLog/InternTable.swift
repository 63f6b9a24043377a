import Foundation

/// Strings met as UTF-8 bytes (a log's user ids and event names), numbered in order of first
/// appearance and found by their bytes, so that a row's fields need not become Strings.
///
/// It numbers exactly as a dictionary keyed by String would: Swift's String equality is
/// canonical equivalence, under which different bytes can be the same string ("é" written as
/// one scalar or two, the Kelvin sign and "K"). Bytes are compared first; once a spelling with
/// a byte past ASCII has come, a spelling the bytes do not know is also looked up as a String,
/// and another spelling of a known string gets that string's number.
struct InternTable {
  /// Each spelling met: its bytes (`arena[starts[i]..<starts[i + 1]]`), hash and number.
  private var arena: [UInt8] = []
  private var starts: [Int] = [0]
  private var hashes: [UInt64] = []
  private var numbers: [Int32] = []
  /// Open addressing over the spellings: a spelling's index + 1, 0 for an empty slot.
  private var slots = [Int32](repeating: 0, count: 1_024)
  /// Each number's first spelling, an index into the spellings.
  private var firstSpellings: [Int32] = []
  /// Numbers by String, kept from the first spelling past ASCII on.
  private var byString: [String: Int32]?

  /// How many strings are numbered.
  var count: Int { firstSpellings.count }

  /// The number of `key`, nil when new.
  mutating func find(_ key: UnsafeRawBufferPointer) -> Int32? {
    let hash = Self.hash(key)
    if let spelling = slot(of: key, hash: hash).spelling { return numbers[spelling] }
    return canonical(key).flatMap { byString?[$0] }
  }

  /// The number of `text`, nil when new.
  mutating func find(_ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { find(UnsafeRawBufferPointer($0)) }
  }

  /// The number of `key`, numbering it when new.
  mutating func number(of key: UnsafeRawBufferPointer) -> (number: Int32, isNew: Bool) {
    let hash = Self.hash(key)
    let (spelling, empty) = slot(of: key, hash: hash)
    if let spelling { return (numbers[spelling], false) }
    var number = Int32(count)
    var isNew = true
    if let text = canonical(key) {
      if let known = byString?[text] { (number, isNew) = (known, false) } else { byString?[text] = number }
    }
    // A new spelling: its bytes stored, its slot taken.
    arena.append(contentsOf: key)
    starts.append(arena.count)
    hashes.append(hash)
    numbers.append(number)
    slots[empty] = Int32(hashes.count)
    if isNew { firstSpellings.append(Int32(hashes.count - 1)) }
    if hashes.count * 2 > slots.count { grow() }
    return (number, isNew)
  }

  /// The number of `text`, numbering it when new.
  mutating func number(of text: String) -> (number: Int32, isNew: Bool) {
    var text = text
    return text.withUTF8 { number(of: UnsafeRawBufferPointer($0)) }
  }

  /// The first spelling of number `number`, as bytes.
  func withSpelling<Result>(_ number: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    let spelling = Int(firstSpellings[number])
    return arena.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[starts[spelling]..<starts[spelling + 1]])) }
  }

  /// The first spelling of number `number`.
  func string(_ number: Int) -> String { withSpelling(number) { String(decoding: $0, as: UTF8.self) } }

  /// The spelling of `key` when bytes alone no longer decide: `key` as a String once a spelling
  /// past ASCII has come (the first such builds the String index); nil before.
  private mutating func canonical(_ key: UnsafeRawBufferPointer) -> String? {
    if byString == nil {
      guard key.contains(where: { $0 >= 0x80 }) else { return nil }
      // Until now every spelling was ASCII, so distinct bytes were distinct strings.
      byString = Dictionary(uniqueKeysWithValues: (0..<count).map { (string($0), Int32($0)) })
    }
    return String(decoding: key, as: UTF8.self)
  }

  /// Where `key` is among the spellings, or the empty slot where it would go.
  private func slot(of key: UnsafeRawBufferPointer, hash: UInt64) -> (spelling: Int?, empty: Int) {
    let mask = slots.count - 1
    var at = Int(truncatingIfNeeded: hash) & mask
    return arena.withUnsafeBytes { stored in
      while true {
        let taken = Int(slots[at])
        if taken == 0 { return (nil, at) }
        let spelling = taken - 1
        if hashes[spelling] == hash, starts[spelling + 1] - starts[spelling] == key.count,
          key.count == 0 || memcmp(stored.baseAddress! + starts[spelling], key.baseAddress!, key.count) == 0
        {
          return (spelling, at)
        }
        at = (at + 1) & mask
      }
    }
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (spelling, hash) in hashes.enumerated() {
      var at = Int(truncatingIfNeeded: hash) & mask
      while slots[at] != 0 { at = (at + 1) & mask }
      slots[at] = Int32(spelling + 1)
    }
  }

  /// A hash of `key`'s bytes, eight at a time, well mixed so that the low bits pick a slot.
  private static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
    var hash = UInt64(key.count) &* 0x9E37_79B9_7F4A_7C15
    var at = 0
    while at + 8 <= key.count {
      hash = (hash ^ key.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      at += 8
    }
    var tail: UInt64 = 0
    while at < key.count {
      tail = tail << 8 | UInt64(key[at])
      at += 1
    }
    hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    return hash ^ hash >> 29
  }
}
