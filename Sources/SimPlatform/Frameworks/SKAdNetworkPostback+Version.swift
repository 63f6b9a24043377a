extension SKAdNetworkPostback {
  /// The postback for `facts`, built by its version's rules (``SKAdNetworkFramework/postback(_:)``):
  /// what each tier and window carries (§6). `attribution-signature` belongs to the signing
  /// layer and is not added here. Beside the frameworks, so that the postback's shape need not
  /// know who builds it.
  public init(_ facts: Facts) {
    self = AttributionFrameworks.skAdNetwork(facts.version).postback(facts)
  }
}
