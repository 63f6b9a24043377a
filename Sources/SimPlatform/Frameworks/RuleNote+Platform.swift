import SimEngine

/// Trace messages of the rules every framework shares (rulebook §2 to §5, §7.3), in rulebook order.
extension RuleNote {
  /// §2.2: the install registers only with a first launch within 60 days.
  package static let noLaunchWithin60Days = RuleNote("§2.2", "first launch more than 60 days after install: no attribution")

  /// §2.3: a new view-through start ends the views still open.
  package static func viewsReplaced(_ count: Int) -> RuleNote {
    RuleNote("§2.3", "a new view-through start replaced \(count) open view(s) before they ended")
  }

  /// §2.3: views shorter than the minimum view time are not recorded.
  package static func viewTooShort(minimum: SimDuration) -> RuleNote {
    RuleNote("§2.3", "view-through impression shorter than \(minimum): not recorded")
  }

  /// §3.1: a publisher shows only the networks it lists.
  package static func notListed(publisher: String, network: String) -> RuleNote {
    RuleNote("§3.1", "publisher '\(publisher)' does not list \(network): impression not eligible")
  }

  /// §3.2: an install with no impression left to win it.
  package static let notAttributed = RuleNote("§3.2", "install without an eligible unexpired impression: not attributed")

  /// §3.5: an update whose tag or types match no active conversion.
  package static func updateUnrouted(wanted: String) -> RuleNote {
    RuleNote("§3.5", "update (\(wanted)) matches no active conversion: ignored")
  }

  /// §4: fine values are 0–63; the call is rejected.
  package static func fineOutOfRange(_ fine: Int) -> RuleNote {
    RuleNote("§4", "fine value \(fine) is outside 0–63: call rejected, earlier values kept")
  }

  /// §4: a coarse value other than low, medium or high makes the whole call fail.
  package static func coarseValueInvalid(_ coarse: Int) -> RuleNote {
    RuleNote("§4", "coarse value \(coarse) is not low, medium or high: call rejected, earlier values kept")
  }

  /// §5.2: no update counts after the last window.
  package static let updateAfterLastWindow = RuleNote("§5.2", "update after the last conversion window: ignored")

  /// §6: postbacks 2 and 3 are not sent at tier 0.
  package static func tierZeroWithholds(window: Int) -> RuleNote {
    RuleNote("§6", "tier 0: no postback for window \(window + 1)")
  }

  /// §7.3: the device ignores an ad whose signature does not verify.
  package static func signatureFails(network: String) -> RuleNote {
    RuleNote("§7.3", "the ad's signature does not verify with \(network)'s key: impression ignored")
  }

  /// Not a platform rule: the device's clock, which only the app's SDK reads.
  package static func deviceClockMoves(_ offset: SimDuration) -> RuleNote {
    RuleNote("device", "the device clock moves by \(offset); only the app's SDK reads it")
  }
}
