/// Who a postback is sent to.
public enum PostbackRecipient: String, Sendable {
  /// The winning (or non-winning) ad network's registered endpoint.
  case adNetwork = "ad-network"
  /// The advertised app's developer copy endpoint (rulebook §7.6).
  case developer
}
