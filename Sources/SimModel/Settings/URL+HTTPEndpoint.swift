import Foundation

extension URL {
  /// `text` as a URL when it is an absolute http:// or https:// URL with a host: what every
  /// endpoint the simulator sends to must be.
  public static func httpEndpoint(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }
}
