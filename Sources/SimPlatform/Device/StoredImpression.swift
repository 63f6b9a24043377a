import SimEngine

/// An impression the device keeps for attribution.
package struct StoredImpression {
  package var network: Int32
  package var campaign: Int32
  package var publisher: Int32
  /// 1 for StoreKit-rendered (clicked) ads, 0 for view-through.
  package var fidelityType: UInt8
  /// The impression's timestamp.
  package var time: SimTime
  /// When it can no longer win an install.
  package var expires: SimTime
  /// Order of recording on the device: the documented tie-break between equal timestamps.
  package var sequence: Int32

  /// Each stored property as given; other targets of the package build it too.
  package init(
    network: Int32,
    campaign: Int32,
    publisher: Int32,
    fidelityType: UInt8,
    time: SimTime,
    expires: SimTime,
    sequence: Int32
  ) {
    self.network = network
    self.campaign = campaign
    self.publisher = publisher
    self.fidelityType = fidelityType
    self.time = time
    self.expires = expires
    self.sequence = sequence
  }
}
