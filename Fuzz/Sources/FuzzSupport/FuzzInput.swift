/// What every fuzz target needs: libFuzzer's bytes as text, and the seed files' folder.
public enum FuzzInput {
  /// libFuzzer's input as a Swift string, invalid UTF-8 repaired as a file reader would not:
  /// the readers take text, and the fuzzer still reaches them with any bytes.
  public static func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  }

  /// The bytes themselves.
  public static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// `Fuzz/Corpus`, the seed files' folder.
  public static let corpus: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path + "/Corpus"
  }()

  /// `Fuzz/Corpus/Scenarios`: the seed scenarios, schemas and sweeps, whose relative
  /// references (a scenario's schema, a sweep's base scenario) resolve there.
  public static let scenarios = corpus + "/Scenarios"
}
