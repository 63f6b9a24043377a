import SimModel

/// GA4LogReader's fast reading of one export line: a single pass over its UTF-8 bytes that
/// takes the fields a row is made of and checks everything else is strict JSON without building
/// it.
///
/// It answers nil for whatever it does not fully understand — JSON5 beyond strict JSON, a key
/// with an escape or a non-ASCII byte, nesting deeper than 64, a number it cannot vouch for, a
/// field the general path would refuse — and the reader then parses the line the general way,
/// so every row and every error is that path's. Keys are compared as bytes, which is string
/// equality only for ASCII without escapes: hence the restriction.
struct GA4LineScanner {
  /// The line is not one the scanner vouches for.
  private struct Unhandled: Error {}

  /// Where a scalar value sits in the line; a string's range is inside its quotes.
  private struct Value {
    enum Kind { case null, string, number, other }
    var kind: Kind
    var range: Range<Int> = 0..<0
    /// A string holding an escape, which must be decoded.
    var escaped = false
    /// A string holding a byte past ASCII.
    var wide = false
  }

  /// A key of an object open at the moment, for the duplicate check the general parser makes.
  fileprivate struct Key {
    var fingerprint: UInt64
    var range: Range<Int>
  }

  /// The fingerprints of the keys and parameter names a row is made of.
  fileprivate struct Names {
    let user = fingerprint("user_pseudo_id"), time = fingerprint("event_timestamp"), name = fingerprint("event_name")
    let parameters = fingerprint("event_params"), geo = fingerprint("geo"), traffic = fingerprint("traffic_source")
    let usd = fingerprint("event_value_in_usd"), country = fingerprint("country"), source = fingerprint("source")
    let campaign = fingerprint("name"), key = fingerprint("key"), value = fingerprint("value")
    let stringValue = fingerprint("string_value"), intValue = fingerprint("int_value")
    let floatValue = fingerprint("float_value"), doubleValue = fingerprint("double_value")
    let price = fingerprint("price"), currency = fingerprint("currency")

    private static func fingerprint(_ name: StaticString) -> UInt64 {
      GA4LineScanner.fingerprint(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), 0..<name.utf8CodeUnitCount)
    }
  }

  /// What the scans of one reader's lines share: room for the keys of the objects open at once
  /// (more falls back to the general path) and the names' fingerprints.
  final class Scratch {
    fileprivate static let capacity = 1_024
    fileprivate let keys = UnsafeMutablePointer<Key>.allocate(capacity: capacity)
    fileprivate let names = Names()

    init() {}
    deinit { keys.deallocate() }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let scratch: Scratch
  private var names: Names { scratch.names }
  private var index = 0
  private var keyCount = 0
  /// Whether a string held a byte past ASCII, so the line must be checked as UTF-8.
  private var wideBytes = false

  // What a row is made of.
  private var user: Value?, time: Value?, name: Value?
  private var country: Value?, source: Value?, campaign: Value?, usd: Value?
  private var value: Value?, price: Value?, currency: Value?

  private static let maximumDepth = 64

  /// The row `line` holds, or nil when the general path must read it.
  static func row(_ line: ArraySlice<UInt8>, scratch: Scratch) -> LogRow? {
    scan(line, scratch: scratch) { $0.row() }
  }

  /// What `use` makes of `line` scanned, or nil when the general path must read the line; the
  /// scanned line's fields are read through the scanner, which lives only as long as `use`.
  static func scan<Result>(_ line: ArraySlice<UInt8>, scratch: Scratch, _ use: (borrowing GA4LineScanner) -> Result) -> Result? {
    line.withUnsafeBufferPointer { bytes in
      var scanner = GA4LineScanner(bytes: bytes, scratch: scratch)
      do throws(Unhandled) {
        try scanner.scanLine()
      } catch {
        return nil
      }
      return use(scanner)
    }
  }

  private init(bytes: UnsafeBufferPointer<UInt8>, scratch: Scratch) {
    self.bytes = bytes
    self.scratch = scratch
  }

  private mutating func scanLine() throws(Unhandled) {
    skipBlanks()
    try event()
    skipBlanks()
    guard index == bytes.count else { throw Unhandled() }
    // The general path reads the line as a String, which must be UTF-8.
    if wideBytes, String(validating: bytes, as: UTF8.self) == nil { throw Unhandled() }
    guard let user, let time, let name else { throw Unhandled() }
    micros = try microseconds(time)
    // Text is empty only when its bytes are: an escape always gives a character.
    guard !user.range.isEmpty, !name.range.isEmpty else { throw Unhandled() }
  }

  // MARK: - The scanned line's fields

  /// The event's time in microseconds.
  private(set) var micros: Int64 = 0

  /// The line's row, as the general path would read it.
  func row() -> LogRow {
    GA4LogReader.row(
      user: userText, micros: micros, name: nameText, country: countryText, network: source.flatMap(textIfString),
      campaign: campaign.flatMap(textIfString), revenue: revenue)
  }

  /// `user_pseudo_id`'s text, and its UTF-8 bytes (which the line holds unless escaped).
  var userText: String { text(user!) }
  func withUserBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result { withBytes(user!, body) }

  /// `event_name`'s text, and its UTF-8 bytes.
  var nameText: String { text(name!) }
  func withNameBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result { withBytes(name!, body) }

  /// `geo.country` when a string.
  var countryText: String? { country.flatMap(textIfString) }
  /// `traffic_source.source` and `.name`, as the general reading gives them.
  var networkText: String? { source.flatMap(textIfString) }
  var campaignText: String? { campaign.flatMap(textIfString) }

  /// The revenue the event states and its currency, if any: `event_value_in_usd`, else the
  /// `value` (or `price`) and `currency` parameters.
  func revenue() -> (amount: Double, currency: String?)? {
    if let usd, let amount = number(usd) { return (amount, "USD") }
    guard let amount = value.flatMap(number) ?? price.flatMap(number) else { return nil }
    return (amount, currency.flatMap(textIfString))
  }

  /// A string's text as UTF-8 bytes: the line's own when written without escapes.
  private func withBytes<Result>(_ value: Value, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    guard value.escaped else { return body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[value.range]))) }
    var decoded = text(value)
    return decoded.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }

  // MARK: - The fields

  /// The event object, its fields taken and the rest skipped.
  private mutating func event() throws(Unhandled) {
    guard current == UInt8(ascii: "{") else { throw Unhandled() }
    let first = keyCount
    var seen: UInt64 = 0
    guard try openObject(depth: 1) else { return }
    repeat {
      let key = try memberKey(from: first, seen: &seen)
      switch key.fingerprint {
      case names.user where isName(key.range, "user_pseudo_id"):
        user = try scalar(depth: 1)
        guard user?.kind == .string else { throw Unhandled() }
      case names.time where isName(key.range, "event_timestamp"):
        time = try scalar(depth: 1)
      case names.name where isName(key.range, "event_name"):
        name = try scalar(depth: 1)
        guard name?.kind == .string else { throw Unhandled() }
      case names.parameters where isName(key.range, "event_params"):
        try parameters()
      case names.geo where isName(key.range, "geo"):
        guard current == UInt8(ascii: "{") else { try skipValue(depth: 1); break }
        let geo = keyCount
        var seenInGeo: UInt64 = 0
        guard try openObject(depth: 2) else { break }
        repeat {
          let member = try memberKey(from: geo, seen: &seenInGeo)
          if member.fingerprint == names.country, isName(member.range, "country") { country = try scalar(depth: 2) } else { try skipValue(depth: 2) }
        } while try nextMember(from: geo)
      case names.traffic where isName(key.range, "traffic_source"):
        guard current == UInt8(ascii: "{") else { try skipValue(depth: 1); break }
        let traffic = keyCount
        var seenInTraffic: UInt64 = 0
        guard try openObject(depth: 2) else { break }
        repeat {
          let member = try memberKey(from: traffic, seen: &seenInTraffic)
          if member.fingerprint == names.source, isName(member.range, "source") {
            source = try scalar(depth: 2)
          } else if member.fingerprint == names.campaign, isName(member.range, "name") {
            campaign = try scalar(depth: 2)
          } else {
            try skipValue(depth: 2)
          }
        } while try nextMember(from: traffic)
      case names.usd where isName(key.range, "event_value_in_usd"):
        usd = try scalar(depth: 1)
      default:
        try skipValue(depth: 1)
      }
    } while try nextMember(from: first)
  }

  /// `event_params`: null, or an array of `{"key": …, "value": {…}}`.
  private mutating func parameters() throws(Unhandled) {
    if current == UInt8(ascii: "n") {
      guard skipLiteral("null") else { throw Unhandled() }
      return
    }
    guard current == UInt8(ascii: "[") else { throw Unhandled() }
    guard try openArray(depth: 2) else { return }
    repeat { try parameter() } while try nextElement()
  }

  /// One parameter; one named `value`, `price` or `currency` is kept the first time it has a
  /// typed value (the first of `string_value`, `int_value`, `float_value`, `double_value` set).
  private mutating func parameter() throws(Unhandled) {
    guard current == UInt8(ascii: "{") else { throw Unhandled() }
    var key: Value?
    var hasValue = false
    var typed: (string: Value?, int: Value?, float: Value?, double: Value?)
    let first = keyCount
    var seen: UInt64 = 0
    if try openObject(depth: 3) {
      repeat {
        let member = try memberKey(from: first, seen: &seen)
        if member.fingerprint == names.key, isName(member.range, "key") {
          key = try scalar(depth: 3)
        } else if member.fingerprint == names.value, isName(member.range, "value") {
          hasValue = true
          guard current == UInt8(ascii: "{") else { try skipValue(depth: 3); continue }
          let inner = keyCount
          var seenInValue: UInt64 = 0
          guard try openObject(depth: 4) else { continue }
          repeat {
            let slot = try memberKey(from: inner, seen: &seenInValue)
            switch slot.fingerprint {
            case names.stringValue where isName(slot.range, "string_value"): typed.string = try scalar(depth: 4)
            case names.intValue where isName(slot.range, "int_value"): typed.int = try scalar(depth: 4)
            case names.floatValue where isName(slot.range, "float_value"): typed.float = try scalar(depth: 4)
            case names.doubleValue where isName(slot.range, "double_value"): typed.double = try scalar(depth: 4)
            default: try skipValue(depth: 4)
            }
          } while try nextMember(from: inner)
        } else {
          try skipValue(depth: 3)
        }
      } while try nextMember(from: first)
    }
    // A name that must be decoded could still be one of the three: the general path decides.
    guard let key, key.kind == .string, !key.escaped, !key.wide, hasValue else { throw Unhandled() }
    func set(_ value: Value?) -> Value? { value?.kind == .null ? nil : value }
    guard let found = set(typed.string) ?? set(typed.int) ?? set(typed.float) ?? set(typed.double) else { return }
    switch Self.fingerprint(bytes, key.range) {
    case names.value where isName(key.range, "value"): if value == nil { value = found }
    case names.price where isName(key.range, "price"): if price == nil { price = found }
    case names.currency where isName(key.range, "currency"): if currency == nil { currency = found }
    default: break
    }
  }

  /// Microseconds as a number or a string of digits, either at most 18 digits (so exact).
  private func microseconds(_ time: Value) throws(Unhandled) -> Int64 {
    guard time.kind == .number || (time.kind == .string && !time.escaped), (1...18).contains(time.range.count) else {
      throw Unhandled()
    }
    var micros: Int64 = 0
    for byte in bytes[time.range] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw Unhandled() }
      micros = micros * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return micros
  }

  // MARK: - Values as the general path takes them

  /// A string's text.
  private func text(_ value: Value) -> String {
    guard value.escaped else { return String(decoding: bytes[value.range], as: UTF8.self) }
    var scalars = String.UnicodeScalarView()
    var at = value.range.lowerBound
    var run = at
    func flush(_ scalars: inout String.UnicodeScalarView) {
      scalars.append(contentsOf: String(decoding: bytes[run..<at], as: UTF8.self).unicodeScalars)
    }
    while at < value.range.upperBound {
      guard bytes[at] == UInt8(ascii: "\\") else {
        at += 1
        continue
      }
      flush(&scalars)
      let escape = bytes[at + 1]
      at += 2
      switch escape {
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        var unit = hex4(at)
        at += 4
        if (0xD800..<0xDC00).contains(unit) {
          unit = 0x10000 + ((unit - 0xD800) << 10) + (hex4(at + 2) - 0xDC00)
          at += 6
        }
        guard let scalar = Unicode.Scalar(unit) else { preconditionFailure("skipEscape lets only scalars and paired surrogates through") }
        scalars.append(scalar)
      default: scalars.append(Unicode.Scalar(escape))
      }
      run = at
    }
    flush(&scalars)
    return String(scalars)
  }

  /// The text of a string value, nil for any other kind.
  private func textIfString(_ value: Value) -> String? {
    value.kind == .string ? text(value) : nil
  }

  /// A finite number, or a string holding one (BigQuery's 64-bit integers); nil otherwise.
  private func number(_ value: Value) -> Double? {
    switch value.kind {
    case .number: Double(String(decoding: bytes[value.range], as: UTF8.self))
    case .string: Double(text(value)).flatMap { $0.isFinite ? $0 : nil }
    case .null, .other: nil
    }
  }

  /// The value of the four hex digits at `at`, already checked by ``skipString()``.
  private func hex4(_ at: Int) -> UInt32 {
    bytes[at..<at + 4].reduce(0) { $0 << 4 | UInt32(Self.hexDigit($1)!) }
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  // MARK: - Strict JSON, checked and skipped

  /// The byte at the cursor; 0 past the end (a line holds no NUL: LogLines refuses it).
  @inline(__always)
  private var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

  // The loops below keep the cursor in a local, which the compiler can hold in a register.

  @inline(__always)
  private mutating func skipBlanks() {
    var at = index
    while at < bytes.count, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") { at += 1 }
    index = at
  }

  /// The value here, which must be a string, number, `null` or anything else skipped whole.
  private mutating func scalar(depth: Int) throws(Unhandled) -> Value {
    switch current {
    case UInt8(ascii: "\""):
      var found = Value(kind: .string)
      (found.range, found.escaped, found.wide) = try skipString()
      return found
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = index
      try skipNumber()
      return Value(kind: .number, range: start..<index)
    case UInt8(ascii: "n"):
      guard skipLiteral("null") else { throw Unhandled() }
      return Value(kind: .null)
    default:
      try skipValue(depth: depth)
      return Value(kind: .other)
    }
  }

  /// Skips the value here, inside a container `depth` deep.
  private mutating func skipValue(depth: Int) throws(Unhandled) {
    switch current {
    case UInt8(ascii: "\""): _ = try skipString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
    case UInt8(ascii: "{"):
      let first = keyCount
      var seen: UInt64 = 0
      guard try openObject(depth: depth + 1) else { return }
      repeat {
        _ = try memberKey(from: first, seen: &seen)
        try skipValue(depth: depth + 1)
      } while try nextMember(from: first)
    case UInt8(ascii: "["):
      guard try openArray(depth: depth + 1) else { return }
      repeat { try skipValue(depth: depth + 1) } while try nextElement()
    case UInt8(ascii: "t"): guard skipLiteral("true") else { throw Unhandled() }
    case UInt8(ascii: "f"): guard skipLiteral("false") else { throw Unhandled() }
    case UInt8(ascii: "n"): guard skipLiteral("null") else { throw Unhandled() }
    default: throw Unhandled()
    }
  }

  /// Steps into the object at the cursor; false when it is empty (and stepped over).
  @inline(__always)
  private mutating func openObject(depth: Int) throws(Unhandled) -> Bool { try open(depth: depth, closing: UInt8(ascii: "}")) }

  /// Steps into the array at the cursor; false when it is empty (and stepped over).
  @inline(__always)
  private mutating func openArray(depth: Int) throws(Unhandled) -> Bool { try open(depth: depth, closing: UInt8(ascii: "]")) }

  @inline(__always)
  private mutating func open(depth: Int, closing: UInt8) throws(Unhandled) -> Bool {
    guard depth <= Self.maximumDepth else { throw Unhandled() }
    index += 1
    skipBlanks()
    guard current == closing else { return true }
    index += 1
    return false
  }

  /// A member's key, checked against the object's earlier keys (from `first` in the scratch
  /// space), with the cursor left at its value.
  private mutating func memberKey(from first: Int, seen: inout UInt64) throws(Unhandled) -> Key {
    guard current == UInt8(ascii: "\"") else { throw Unhandled() }
    let start = index + 1
    var at = start
    while true {
      if at + 8 <= bytes.count {
        // Eight bytes at a time, then straight to the first that stops the key.
        let stops = Self.keyStops(Self.word(bytes, at))
        guard stops != 0 else {
          at += 8
          continue
        }
        at += stops.trailingZeroBitCount >> 3
      } else {
        guard at < bytes.count else { throw Unhandled() }
        if bytes[at] != UInt8(ascii: "\""), Self.isKeyByte(bytes[at]) {
          at += 1
          continue
        }
      }
      // Printable ASCII without escapes: bytes compare as the general parser's strings do.
      guard bytes[at] == UInt8(ascii: "\"") else { throw Unhandled() }
      break
    }
    let key = Key(fingerprint: Self.fingerprint(bytes, start..<at), range: start..<at)
    index = at + 1
    // The general parser refuses a repeated key. `seen` marks one bit a key of this object, so
    // the earlier keys need comparing only when a key's bit is already marked.
    let bit: UInt64 = 1 << ((key.fingerprint &* 0x9E37_79B9_7F4A_7C15) >> 58)
    if seen & bit != 0 {
      for earlier in first..<keyCount {
        let other = scratch.keys[earlier]
        if other.fingerprint == key.fingerprint, bytes[other.range].elementsEqual(bytes[key.range]) { throw Unhandled() }
      }
    }
    seen |= bit
    guard keyCount < Scratch.capacity else { throw Unhandled() }
    scratch.keys[keyCount] = key
    keyCount += 1
    skipBlanks()
    guard current == UInt8(ascii: ":") else { throw Unhandled() }
    index += 1
    skipBlanks()
    return key
  }

  /// Steps past a member's end: true at a comma, false at the object's `}` (its keys dropped).
  @inline(__always)
  private mutating func nextMember(from first: Int) throws(Unhandled) -> Bool {
    guard try next(closing: UInt8(ascii: "}")) else {
      keyCount = first
      return false
    }
    return true
  }

  /// Steps past an element's end: true at a comma, false at the array's `]`.
  @inline(__always)
  private mutating func nextElement() throws(Unhandled) -> Bool { try next(closing: UInt8(ascii: "]")) }

  @inline(__always)
  private mutating func next(closing: UInt8) throws(Unhandled) -> Bool {
    skipBlanks()
    switch current {
    case UInt8(ascii: ","):
      index += 1
      skipBlanks()
      return true
    case closing:
      index += 1
      return false
    default: throw Unhandled()
    }
  }

  /// A string, checked: no control characters, only JSON's escapes and no unpaired surrogate.
  private mutating func skipString() throws(Unhandled) -> (range: Range<Int>, escaped: Bool, wide: Bool) {
    let start = index + 1
    var at = start
    var (escaped, wide) = (false, false)
    while at < bytes.count {
      // Eight bytes at a time while none ends the string or starts an escape, then straight to
      // the first that does.
      if at + 8 <= bytes.count {
        let word = Self.word(bytes, at)
        let stops = Self.stringStops(word)
        if stops == 0 {
          if word & Self.highs != 0 { wide = true }
          at += 8
          continue
        }
        let plain = stops.trailingZeroBitCount >> 3
        if word & Self.highs & ((1 << (plain << 3)) &- 1) != 0 { wide = true }
        at += plain
      }
      let byte = bytes[at]
      if byte == UInt8(ascii: "\"") {
        index = at + 1
        if wide { wideBytes = true }
        return (start..<at, escaped, wide)
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
        index = at
        try skipEscape()
        at = index
      } else if byte < 0x20 {
        throw Unhandled()
      } else {
        if byte >= 0x80 { wide = true }
        at += 1
      }
    }
    throw Unhandled()
  }

  private mutating func skipEscape() throws(Unhandled) {
    guard index + 1 < bytes.count else { throw Unhandled() }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
      UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 2
    case UInt8(ascii: "u"):
      let unit = try unicodeEscape(at: index)
      index += 6
      if (0xDC00..<0xE000).contains(unit) { throw Unhandled() }
      if (0xD800..<0xDC00).contains(unit) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
          (0xDC00..<0xE000).contains(try unicodeEscape(at: index))
        else { throw Unhandled() }
        index += 6
      }
    default: throw Unhandled()
    }
  }

  /// The code unit of the `\uXXXX` at `at`.
  private func unicodeEscape(at: Int) throws(Unhandled) -> UInt32 {
    guard at + 6 <= bytes.count else { throw Unhandled() }
    var unit: UInt32 = 0
    for byte in bytes[at + 2..<at + 6] {
      guard let digit = Self.hexDigit(byte) else { throw Unhandled() }
      unit = unit << 4 | UInt32(digit)
    }
    return unit
  }

  /// A strict JSON number that the general parser reads as the same finite value.
  private mutating func skipNumber() throws(Unhandled) {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let first = current
    guard first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { throw Unhandled() }
    index += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    // Past 300 digits a double may overflow, which the general parser calls out of range.
    guard index - integerStart <= 300 else { throw Unhandled() }
    if current == UInt8(ascii: ".") {
      index += 1
      guard skipDigits() else { throw Unhandled() }
    }
    if current | 0x20 == UInt8(ascii: "e") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard skipDigits(), Double(String(decoding: bytes[start..<index], as: UTF8.self))?.isFinite == true else { throw Unhandled() }
    }
    // The general parser takes letters, digits and points after a number into it.
    switch current {
    case 0, UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): return
    default: throw Unhandled()
    }
  }

  // Bytes eight at a time (SWAR): whether a word holds a byte a loop must stop at. Each test
  // is exact about whether such a byte is there, which is all the loops ask.

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  @inline(__always)
  private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt64 {
    UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: UInt64.self)
  }

  // Each test marks the high bit of the bytes it finds. The lowest mark is exact, which is all
  // the loops use: a borrow may mark bytes after it, never before.

  /// The bytes of `word` that are `byte`.
  @inline(__always)
  private static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let matches = word ^ (ones &* UInt64(byte))
    return (matches &- ones) & ~matches & highs
  }

  /// The bytes of `word` below 0x20 (control characters).
  @inline(__always)
  private static func controls(_ word: UInt64) -> UInt64 { (word &- ones &* 0x20) & ~word & highs }

  /// Quotes, backslashes and control characters: where a string's plain run ends.
  @inline(__always)
  private static func stringStops(_ word: UInt64) -> UInt64 {
    matches(word, UInt8(ascii: "\"")) | matches(word, UInt8(ascii: "\\")) | controls(word)
  }

  /// Anything but printable ASCII other than a backslash, or a quote: where a key's run ends.
  @inline(__always)
  private static func keyStops(_ word: UInt64) -> UInt64 { stringStops(word) | word & highs | matches(word, 0x7F) }

  /// Printable ASCII other than a backslash: a byte a key the scanner takes may hold.
  @inline(__always)
  private static func isKeyByte(_ byte: UInt8) -> Bool { byte &- 0x20 < 0x5F && byte != UInt8(ascii: "\\") }

  /// Skips digits; whether there was any.
  @discardableResult @inline(__always)
  private mutating func skipDigits() -> Bool {
    var at = index
    while at < bytes.count, bytes[at] &- UInt8(ascii: "0") < 10 { at += 1 }
    defer { index = at }
    return at > index
  }

  /// Skips `literal` when it is here, followed by no more of a word.
  private mutating func skipLiteral(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count, isName(index..<index + count, literal) else { return false }
    if index + count < bytes.count, Self.isWordByte(bytes[index + count]) { return false }
    index += count
    return true
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
      true
    default: false
    }
  }

  // MARK: - Names

  /// Whether the bytes in `range` are `name`.
  private func isName(_ range: Range<Int>, _ name: StaticString) -> Bool {
    range.count == name.utf8CodeUnitCount
      && bytes[range].elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
  }

  /// A cheap summary of a name's bytes (its length, first and last eight), compared before the
  /// bytes themselves.
  @inline(__always)
  private static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    let count = range.count
    let base = UnsafeRawPointer(bytes.baseAddress! + range.lowerBound)
    guard count >= 8 else {
      var packed = UInt64(count) << 56
      // One load and a mask when the line goes on for eight bytes, else byte by byte.
      if range.lowerBound + 8 <= bytes.count { return packed | base.loadUnaligned(as: UInt64.self) & ((1 << (count << 3)) &- 1) }
      for offset in 0..<count { packed |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << (8 * offset) }
      return packed
    }
    let head = base.loadUnaligned(as: UInt64.self), tail = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    return (head &* 0x9E37_79B9_7F4A_7C15) ^ tail ^ UInt64(count)
  }
}
