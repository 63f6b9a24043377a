import SimJSON
import Testing

@Suite("JSONParser: numbers")
struct JSONNumberTests {
  @Test("the literal is kept exactly as written")
  func literalKept() throws {
    #expect(try parseNumber("+.50")?.literal == "+.50")
    #expect(try parseNumber("0X1f")?.literal == "0X1f")
    #expect(try parseNumber("1E+3")?.literal == "1E+3")
  }

  @Test("integers at the Int64 limits are exact")
  func int64Limits() throws {
    #expect(try parseNumber("9223372036854775807")?.int64 == Int64.max)
    #expect(try parseNumber("-9223372036854775808")?.int64 == Int64.min)
  }

  @Test("integers beyond Int64 fall back to a double only")
  func int64Overflow() throws {
    let positive = try #require(try parseNumber("9223372036854775808"))
    #expect(positive.int64 == nil)
    #expect(positive.double == 9_223_372_036_854_775_808.0)
    let negative = try #require(try parseNumber("-9223372036854775809"))
    #expect(negative.int64 == nil)
    #expect(negative.double == -9_223_372_036_854_775_808.0)
    #expect(try parseValue("123456789012345678901234567890") == .double(1.2345678901234568e29))
  }

  @Test("integers above 2^53 keep their exact value in int64")
  func beyondDoublePrecision() throws {
    let number = try #require(try parseNumber("9007199254740993"))
    #expect(number.int64 == 9_007_199_254_740_993)
    #expect(number.double == 9_007_199_254_740_992)
    #expect(try parseNumber("9007199254740993.0")?.int64 == 9_007_199_254_740_993)
  }

  @Test("decimal literals with an exactly integral value get an int64")
  func integralDecimals() throws {
    #expect(try parseNumber("3.0")?.int64 == 3)
    #expect(try parseNumber("1e3")?.int64 == 1000)
    #expect(try parseNumber("1.5e1")?.int64 == 15)
    #expect(try parseNumber("-2500e-2")?.int64 == -25)
    #expect(try parseNumber("0.0e5")?.int64 == 0)
    #expect(try parseNumber("9.223372036854775807e18")?.int64 == Int64.max)
    #expect(try parseValue("[2.0, 2.5]") == [.int(2), .double(2.5)])
  }

  @Test("decimal literals with a fraction or too large a value get no int64")
  func nonIntegralDecimals() throws {
    #expect(try parseNumber("1.25e1")?.int64 == nil)
    #expect(try parseNumber("0.1")?.int64 == nil)
    #expect(try parseNumber("1e19")?.int64 == nil)
    #expect(try parseNumber("1e19")?.double == 1e19)
  }

  @Test("hex integers are exact, including at the Int64 limits")
  func hexIntegers() throws {
    #expect(try parseNumber("0x7FFFFFFFFFFFFFFF")?.int64 == Int64.max)
    #expect(try parseNumber("-0x8000000000000000")?.int64 == Int64.min)
    #expect(try parseNumber("0x0000000000000000000001")?.int64 == 1)
    let big = try #require(try parseNumber("0xFFFFFFFFFFFFFFFF"))
    #expect(big.int64 == nil)
    #expect(big.double == 18_446_744_073_709_551_615.0)
    #expect(try parseNumber("0x100000000000000000")?.double == 0x1p68)
  }

  @Test("hex integers wider than 64 bits round correctly")
  func wideHexRounding() throws {
    // 2^64 + 2^11 + 1 lies just above the midpoint between two doubles, so it rounds up.
    #expect(try parseNumber("0x10000000000000801")?.double == 0x1.0000000000001p64)
    // Exactly the midpoint rounds to even, which is down here.
    #expect(try parseNumber("0x10000000000000800")?.double == 0x1p64)
  }

  @Test("negative zero has int64 0 and a negative double")
  func negativeZero() throws {
    let integer = try #require(try parseNumber("-0"))
    #expect(integer.int64 == 0)
    #expect(integer.double == 0 && integer.double.sign == .minus)
    let decimal = try #require(try parseNumber("-0.0"))
    #expect(decimal.int64 == 0)
    #expect(decimal.double.sign == .minus)
  }

  @Test("numbers beyond the double range are errors")
  func outOfRange() {
    #expect(parseError("1e400") == failure("number '1e400' is out of range", 1, 1))
    #expect(parseError("[0, -1.5e309]") == failure("number '-1.5e309' is out of range", 1, 5))
    let hugeHex = "0x" + String(repeating: "F", count: 300)
    #expect(parseError(hugeHex) == failure("number '\(hugeHex.prefix(30))…' (302 characters) is out of range", 1, 1))
  }

  @Test("numbers too small for a double underflow to zero")
  func underflow() throws {
    #expect(try parseNumber("1e-400")?.double == 0)
    #expect(try parseNumber("1e-400")?.int64 == nil)
  }

  @Test("parsed doubles match Swift's own parsing")
  func doublePrecision() throws {
    #expect(try parseNumber("0.1")?.double == 0.1)
    #expect(try parseNumber("2.2250738585072014e-308")?.double == 2.2250738585072014e-308)
    #expect(try parseNumber("1.7976931348623157e308")?.double == .greatestFiniteMagnitude)
  }
}
