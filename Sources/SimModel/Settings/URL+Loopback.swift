import Foundation

extension URL {
  /// Whether the URL's host is this machine by definition: `localhost`, an address in
  /// 127.0.0.0/8, or `::1`. Any other name could resolve anywhere, so it is not.
  public var isLoopback: Bool {
    guard var host = host?.lowercased() else { return false }
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host.hasSuffix(".") { host.removeLast() }
    if host == "localhost" || host == "::1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "127" else { return false }
    return parts.allSatisfy { part in
      !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
        && Int(part).map { $0 <= 255 } == true
    }
  }
}
