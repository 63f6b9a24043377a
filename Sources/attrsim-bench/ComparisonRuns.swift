import Foundation

/// The figures the benchmark compares itself with, measured on this machine when asked.
enum ComparisonRuns {
  /// Users per second of the SimPy model of the same lifecycle (`simpy_skan4.py USERS`, which
  /// prints `users=N … seconds=S`), or why it could not be measured.
  static func simPy(script: String, users: Int) -> Result<(users: Int, seconds: Double), Failure> {
    guard FileManager.default.fileExists(atPath: script) else {
      return .failure(Failure(description: "the SimPy reference '\(script)' does not exist; give --simpy PATH"))
    }
    let output: String
    switch run(["python3", script, String(users)]) {
    case .success(let text): output = text
    case .failure(let failure): return .failure(failure)
    }
    func field(_ name: String) -> String? {
      output.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }
    guard let counted = field("users").flatMap(Int.init), let seconds = field("seconds").flatMap(Double.init), seconds > 0
    else { return .failure(Failure(description: "the SimPy reference printed no users= and seconds=: \(output.prefix(200))")) }
    return .success((counted, seconds))
  }

  /// libcrypto's own ECDSA P-256 speed (`openssl speed ecdsap256`): microseconds per signature
  /// and per verification.
  static func opensslSpeed() -> Result<(sign: Double, verify: Double), Failure> {
    let output: String
    switch run(["openssl", "speed", "-seconds", "2", "ecdsap256"]) {
    case .success(let text): output = text
    case .failure(let failure): return .failure(failure)
    }
    // " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  36125.4  11823.9"
    guard let line = output.split(separator: "\n").last(where: { $0.contains("nistp256") }) else {
      return .failure(Failure(description: "openssl speed printed no nistp256 line"))
    }
    let numbers = line.split(separator: " ").compactMap { Double($0) }
    guard numbers.count >= 2, let perSecondSign = numbers.suffix(2).first, let perSecondVerify = numbers.last,
      perSecondSign > 0, perSecondVerify > 0
    else { return .failure(Failure(description: "cannot read openssl speed's line '\(line)'")) }
    return .success((1e6 / perSecondSign, 1e6 / perSecondVerify))
  }

  /// Why a reference could not be measured.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `arguments` (found on PATH) and returns what it printed on standard output.
  private static func run(_ arguments: [String]) -> Result<String, Failure> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(Failure(description: "cannot start \(arguments[0]): \(error)"))
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      return .failure(Failure(description: "\(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)"))
    }
    return .success(String(decoding: data, as: UTF8.self))
  }
}
