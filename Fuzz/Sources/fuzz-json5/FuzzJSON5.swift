import FuzzSupport
import SimJSON

/// The JSON/JSON5 parser on any text: it must throw or parse, and what it parses must serialise
/// to text that parses back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON5(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard let node = try? JSONParser.parse(FuzzInput.text(data, size)) else { return 0 }
  let value = JSONValue(node)
  let text = value.serialized()
  guard let again = try? JSONParser.parse(text) else { fatalError("serialised output does not parse: \(text)") }
  if !same(value, JSONValue(again)) { fatalError("\(text) parses back as \(JSONValue(again).serialized())") }
  return 0
}

/// Equal values, where a double written as "1.0" may read back as the integer 1, and NaN is NaN.
func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
  switch (a, b) {
  case (.double(let x), .double(let y)): x == y || (x.isNaN && y.isNaN)
  case (.double(let x), .int(let y)), (.int(let y), .double(let x)): x == Double(y)
  case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy(same)
  case (.object(let x), .object(let y)): x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
  default: a == b
  }
}
