import SimEngine
import SimModel

/// Why a tap on an AdAttributionKit ad of the installed app creates no re-engagement conversion
/// (rulebook §2.5, §3.5).
package enum ReengagementRefusal: Hashable, Sendable {
  /// Within the install cooldown after the install conversion (§2.5).
  case installCooldown(hours: Int)
  /// Within the re-engagement cooldown after the last re-engagement (§2.5).
  case reengagementCooldown(hours: Int)
  /// The monthly limit of re-engagement conversions is reached (§3.5).
  case monthlyLimit(Int)
  /// The yearly limit of re-engagement conversions is reached (§3.5).
  case yearlyLimit(Int)

  /// Why a tap at `now` creates no conversion, given the last install conversion, the earlier
  /// re-engagements, the app's configuration and the rules; nil when it creates one. Developer
  /// Mode postbacks have no re-engagement limits (§5.4).
  package static func deciding(
    at now: SimTime, lastInstallConversion: SimTime?, reengagements: [SimTime],
    configuration: AttributionConfiguration, rules: PlatformRules, developerMode: Bool
  ) -> ReengagementRefusal? {
    if let install = lastInstallConversion, now - install < .hours(Int64(configuration.installCooldownHours)) {
      return .installCooldown(hours: configuration.installCooldownHours)
    }
    if let last = reengagements.last, now - last < .hours(Int64(configuration.reengagementCooldownHours)) {
      return .reengagementCooldown(hours: configuration.reengagementCooldownHours)
    }
    guard !developerMode else { return nil }
    if let limit = rules.reengagementLimitPerMonth, reengagements.filter({ now - $0 < .days(30) }).count >= limit {
      return .monthlyLimit(limit)
    }
    if let limit = rules.reengagementLimitPerYear, reengagements.filter({ now - $0 < .days(365) }).count >= limit {
      return .yearlyLimit(limit)
    }
    return nil
  }

  /// The refusal explained for the trace.
  package var note: RuleNote {
    switch self {
    case .installCooldown(let hours):
      RuleNote("§2.5", "no re-engagement conversion: within the \(hours) h install cooldown after the install conversion")
    case .reengagementCooldown(let hours):
      RuleNote("§2.5", "no re-engagement conversion: within the \(hours) h re-engagement cooldown")
    case .monthlyLimit(let limit):
      RuleNote(
        "§3.5", "no re-engagement conversion: \(limit) re-engagement conversion(s) in the last 30 days reach the monthly limit")
    case .yearlyLimit(let limit):
      RuleNote(
        "§3.5", "no re-engagement conversion: \(limit) re-engagement conversion(s) in the last 365 days reach the yearly limit")
    }
  }
}

/// Re-engagement's trace messages (§2.4, §3.5).
extension RuleNote {
  /// [U] §2.4: `handleTap` fails once the AppImpression is older than its validity.
  package static func appImpressionExpired(age: SimDuration, validity: SimDuration) -> RuleNote {
    RuleNote(
      "§2.4", "handleTap on an AppImpression created \(age) earlier, usable for \(validity): impressionExpired, tap not recorded")
  }

  /// Views never re-engage.
  package static let viewOfInstalledApp = RuleNote(
    "§3.5", "a view of an installed app: views never create re-engagement conversions")

  /// Only ads marked eligible re-engage.
  package static let notEligibleForReengagement = RuleNote(
    "§3.5", "tap on an installed app's ad not marked eligible-for-re-engagement: no conversion")

  /// The tap opens the app with the ad's re-engagement URL, whether or not a conversion starts.
  package static func reengagementOpens(_ openURL: String?) -> RuleNote {
    RuleNote("§3.5", "the tap opens the app with \(openURL ?? "its re-engagement URL")")
  }

  /// A conversion not yet registered is dropped when a newer one starts.
  package static func replacedBeforeFirstUpdate(conversion: Int) -> RuleNote {
    RuleNote("§3.5", "a new conversion replaces conversion \(conversion + 1) before its first update")
  }

  /// A newer conversion locks the open window of an older one.
  package static func newConversionLocks(window: Int, conversion: Int, laterWindows: Int) -> RuleNote {
    RuleNote(
      "§3.5",
      "a new conversion locks window \(window + 1) of conversion \(conversion + 1) and schedules its postback; "
        + "\(laterWindows) later window(s) replaced")
  }

  /// A re-engagement's first update must come within two days of the tap.
  package static let reengagementUpdateTooLate = RuleNote(
    "§3.5", "first update more than 2 days after the re-engagement: ignored")
}
