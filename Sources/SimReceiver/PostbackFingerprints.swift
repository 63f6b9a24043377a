import SimEngine
import SimJSON

/// What a receiver keeps of each accepted postback to recognise a later copy and name the
/// fields the copy changed: a 128-bit digest of its endpoint and identifier, and a 64-bit digest
/// of each top-level field's canonical JSON, in flat storage.
///
/// A large run accepts millions of postbacks, and keeping each one's text (about 650 bytes) made
/// the receiver the largest part of a merge's memory; this keeps about 130 bytes a postback. The
/// answers are the text's (``PostbackReceiver/differingFields(_:_:)`` of the first copy as read
/// back from its canonical JSON) unless two different texts share a digest: 2⁻⁶⁴ for a field,
/// 2⁻¹²⁸ for a pair of identifiers.
///
/// Digests are the standard library's `Hasher` (SipHash-1-3, keyed at random for each process),
/// not SHA-256: they never leave the process and only tell texts apart, which a keyed 64-bit
/// function does as well for inputs that cannot see its key, and SHA-256 through libcrypto cost
/// 4,200 instructions a field (a tenth of a default run's instructions went on it).
package struct PostbackFingerprints: Sendable {
  /// The digest of an endpoint and identifier.
  private struct Key: Hashable, Sendable {
    var high: UInt64, low: UInt64
  }

  /// Where a postback's field digests start in `digests`, and its shape (its sorted field names),
  /// packed in one word to keep the table small: 40 bits of start, 24 of shape.
  private struct Entry: Sendable {
    var packed: UInt64
    var start: Int { Int(packed >> 24) }
    var shape: Int { Int(packed & 0xFF_FFFF) }
    init(start: Int, shape: Int) {
      precondition(start < 1 << 40 && shape < 1 << 24, "too many postbacks or field sets to keep")
      packed = UInt64(start) << 24 | UInt64(shape)
    }
  }

  private var entries: [Key: Entry] = [:]
  /// Field-name lists seen, sorted; a body that is not an object has the reserved shape 0 and
  /// one digest, of the whole body.
  private var shapes: [[String]] = [[]]
  private var shapeIndex: [[String]: Int] = [:]
  /// Field digests in chunks of fixed capacity, a postback's within one: a growing array would
  /// copy itself to twice its size, so the peak would be up to three times what is kept.
  private var digests: [[UInt64]] = []
  private static let chunkCapacity = 1 << 16
  /// When each kept postback was received, with its key, oldest first (from `oldest`): kept
  /// only while ``clock`` is set, so that ``forget(receivedBefore:)`` can drop the oldest.
  private var receipts: [(time: Int64, key: Key, chunk: Int)] = []
  private var oldest = 0
  /// Digest chunks before this one are forgotten (emptied).
  private var firstLiveChunk = 0
  /// Whether a postback was kept with no receipt (before ``clock`` was set): its digests are
  /// then never freed, as no receipt says when they stop being read.
  private var keptWithoutReceipt = false
  /// The time postbacks are received at, when they come in time order; nil when they do not
  /// (then every postback is kept for good). Set before the first postback, or never.
  package var clock: SimTime?
  /// The shapes found last, most recent first.
  private var recentShapes: [Int] = []
  /// Reused for each field's JSON text, so that digesting a field allocates no text.
  private var text: [UInt8] = []

  /// An empty store.
  package init() {}

  /// How many postbacks are kept.
  package var count: Int { entries.count }

  /// Whether a postback was kept for `identifier` at `endpoint`; if so, the top-level fields of
  /// `body` that differ from it (as ``PostbackReceiver/differingFields(_:_:)`` names them), and
  /// otherwise nil after keeping `body` as that postback.
  package mutating func differingFieldsOrKeep(_ body: JSONValue, endpoint: String, identifier: String) -> [String]? {
    let key = Self.key(endpoint: endpoint, identifier: identifier)
    if let entry = entries[key] { return differing(entry, body) }
    let shape: Int
    let values: [JSONValue]
    if case .object(let fields) = body {
      (shape, values) = self.shape(of: fields)
    } else {
      (shape, values) = (0, [body])
    }
    if digests.isEmpty || digests[digests.count - 1].count + values.count > Self.chunkCapacity {
      var chunk: [UInt64] = []
      chunk.reserveCapacity(max(Self.chunkCapacity, values.count))
      digests.append(chunk)
    }
    let start = (digests.count - 1) * Self.chunkCapacity + digests[digests.count - 1].count
    for value in values {
      let fieldDigest = digest(value)
      digests[digests.count - 1].append(fieldDigest)
    }
    entries[key] = Entry(start: start, shape: shape)
    if let clock { receipts.append((clock.milliseconds, key, digests.count - 1)) } else { keptWithoutReceipt = true }
    return nil
  }

  /// Forgets the postbacks received before `cutoff` (which must not go back in time): a copy
  /// of one is then taken as new. Only postbacks kept while ``clock`` was set are forgotten.
  package mutating func forget(receivedBefore cutoff: SimTime) {
    var dropped = false
    while oldest < receipts.count, receipts[oldest].time < cutoff.milliseconds {
      entries.removeValue(forKey: receipts[oldest].key)
      // Chunks before the one holding the oldest postback still kept are no longer read.
      let firstKept = oldest + 1 < receipts.count ? receipts[oldest + 1].chunk : digests.count - 1
      while !keptWithoutReceipt, firstLiveChunk < firstKept {
        digests[firstLiveChunk] = []
        firstLiveChunk += 1
      }
      oldest += 1
      dropped = true
    }
    // Shift the list now and then, not at every receipt.
    if dropped, oldest > 4_096, oldest * 2 > receipts.count {
      receipts.removeFirst(oldest)
      oldest = 0
    }
  }

  /// The shape of `fields` and their values in its order. Postbacks come in a few shapes, so
  /// the last ones found are tried first: the same names, as many, is the same shape, without
  /// sorting and hashing the names.
  private mutating func shape(of fields: [String: JSONValue]) -> (Int, [JSONValue]) {
    var values: [JSONValue] = []
    values.reserveCapacity(fields.count)
    for (place, known) in recentShapes.enumerated() where shapes[known].count == fields.count {
      values.removeAll(keepingCapacity: true)
      for name in shapes[known] {
        guard let value = fields[name] else { break }
        values.append(value)
      }
      if values.count == fields.count {
        if place > 0 { recentShapes.swapAt(place, 0) }
        return (known, values)
      }
    }
    let names = fields.keys.sorted()
    let shape: Int
    if let known = shapeIndex[names] {
      shape = known
    } else {
      shape = shapes.count
      shapes.append(names)
      shapeIndex[names] = shape
    }
    recentShapes.insert(shape, at: 0)
    if recentShapes.count > 4 { recentShapes.removeLast() }
    return (shape, names.map { fields[$0]! })
  }

  /// The field digest at `index` of the postback starting at `start`.
  private func digest(start: Int, _ index: Int) -> UInt64 {
    digests[start / Self.chunkCapacity][start % Self.chunkCapacity + index]
  }

  /// The fields of `body` that differ from the kept postback `entry`, sorted.
  private func differing(_ entry: Entry, _ body: JSONValue) -> [String] {
    let names = shapes[entry.shape]
    guard entry.shape != 0, case .object(let fields) = body else {
      // Not both objects: equal only when both are the same non-object value.
      if entry.shape == 0, Self.sameAsKept(body, digest: digest(start: entry.start, 0)) { return [] }
      return ["(body)"]
    }
    var result: Set<String> = []
    for (offset, name) in names.enumerated() {
      guard let value = fields[name] else {
        result.insert(name)
        continue
      }
      if !Self.sameAsKept(value, digest: digest(start: entry.start, offset)) { result.insert(name) }
    }
    for name in fields.keys where !result.contains(name) && !names.contains(name) { result.insert(name) }
    return result.sorted()
  }

  /// Whether `value` equals a kept value read back from its canonical JSON: its text is the
  /// read-back value's and it reads back as itself (a double with an integer value does not: it
  /// reads back as an integer, and so differs, as it did when the text itself was kept).
  private static func sameAsKept(_ value: JSONValue, digest kept: UInt64) -> Bool {
    let text = value.serialized()
    guard digest(text: text) == kept else { return false }
    return (try? JSONParser.parse(text)).map(JSONValue.init) == value
  }

  /// The digest of `value` as read back from its canonical JSON, which is what the kept text
  /// was compared as: a double with an integer value reads back as an integer.
  private mutating func digest(_ value: JSONValue) -> UInt64 {
    text.removeAll(keepingCapacity: true)
    value.write(to: &text)
    // Only doubles can read back as something else, so only they are read back.
    guard Self.containsDouble(value),
      let readBack = (try? JSONParser.parse(String(decoding: text, as: UTF8.self))).map(JSONValue.init)
    else {
      return Self.digest(bytes: text, salt: 0)
    }
    return Self.digest(text: readBack.serialized())
  }

  private static func containsDouble(_ value: JSONValue) -> Bool {
    switch value {
    case .double: true
    case .array(let elements): elements.contains(where: containsDouble)
    case .object(let fields): fields.values.contains(where: containsDouble)
    case .null, .bool, .int, .string: false
    }
  }

  private static func digest(text: String) -> UInt64 {
    digest(bytes: Array(text.utf8), salt: 0)
  }

  private static func key(endpoint: String, identifier: String) -> Key {
    // The endpoint's length first, so no endpoint and identifier pair reads as another; two
    // salted digests of the same bytes make the 128 bits.
    let bytes = Array("\(endpoint.utf8.count):\(endpoint)\(identifier)".utf8)
    return Key(high: digest(bytes: bytes, salt: 1), low: digest(bytes: bytes, salt: 2))
  }

  /// A 64-bit keyed digest of `bytes`, one of several independent ones by `salt`.
  private static func digest(bytes: [UInt8], salt: UInt8) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(salt)
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }
}
