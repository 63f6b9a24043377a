/// The simulated Apple's postback signing for each framework of a run (rulebook §7.2, §7.5).
package struct PostbackSigners {
  /// SKAdNetwork's `attribution-signature`.
  package let skAdNetwork: PostbackSigner
  /// AdAttributionKit's JWS; nil when no network serves AdAttributionKit ads.
  package let adAttributionKit: AdAttributionKitSigner?

  package init(skAdNetwork: PostbackSigner, adAttributionKit: AdAttributionKitSigner?) {
    self.skAdNetwork = skAdNetwork
    self.adAttributionKit = adAttributionKit
  }
}
