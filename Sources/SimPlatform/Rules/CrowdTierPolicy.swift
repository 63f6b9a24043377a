import SimEngine
import SimModel

/// The default tier policy: install-count thresholds per crowd key over a trailing period,
/// with forced tiers for tests and for campaigns a study wants pinned (rulebook §6). In Developer
/// Mode every conversion gets tier 3 unless a tier is forced.
///
/// Crowd keys are the advertised app, the publisher, the install country, and each form
/// (2, 3 or 4 rightmost digits) of the campaign's source identifier within its network. A form's
/// tier is the lowest tier among the app, the publisher, the country (unless the
/// `countryLimitsTier` setting is off) and that form; Apple's selection rule then picks the form.
/// `country-code` needs the country's own tier at 3.
public struct CrowdTierPolicy: TierPolicy {
  private enum CrowdKey: Hashable {
    case app
    case publisher(Int)
    case country(String)
    case source(network: Int, digits: Int, value: Int)
  }

  private let networks: [AdNetwork]
  private let privacy: PrivacySettings
  /// Developer Mode postbacks get the highest tier allowed (rulebook §5.4, B12).
  private let developerMode: Bool
  private let selection: PlatformRules.DigitSelection
  private let countryLimitsTier: Bool
  /// The source-identifier forms with crowds of their own (``AttributionFramework/sourceIdentifierDigitForms``).
  private let digitForms: [Int]
  private var crowds: [CrowdKey: TrailingCounter] = [:]

  /// The policy for a scenario.
  public init(scenario: Scenario) {
    networks = scenario.adNetworks
    privacy = scenario.privacy
    developerMode = scenario.platform.developerMode
    selection = scenario.rules.digitSelection
    countryLimitsTier = scenario.rules.countryLimitsTier
    digitForms = scenario.attributionFramework.sourceIdentifierDigitForms
  }

  private func keys(of install: ConversionFacts) -> [CrowdKey] {
    let source = networks[install.network].campaigns[install.campaign].sourceIdentifier
    return [.app, .publisher(install.publisher), .country(install.country)]
      + digitForms.map { .source(network: install.network, digits: $0, value: source % TierDecision.modulus(digits: $0)) }
  }

  public mutating func record(_ install: ConversionFacts) {
    if forcedTier(install) != nil { return }
    for key in keys(of: install) { crowds[key, default: TrailingCounter()].add(install.time) }
  }

  public mutating func decide(for conversion: ConversionFacts) -> TierDecision {
    if let tier = forcedTier(conversion) {
      return .selecting(formTiers: [2: tier, 3: tier, 4: tier], countryTier: tier, selection: selection)
    }
    return sizes(for: conversion).decision(thresholds: privacy.thresholds, selection: selection)
  }

  /// The sizes of `conversion`'s crowds at its time, which ``decide(for:)`` judges by the thresholds.
  public mutating func sizes(for conversion: ConversionFacts) -> CrowdSizes {
    let country = size(of: .country(conversion.country), at: conversion.time)
    var shared = min(size(of: .app, at: conversion.time), size(of: .publisher(conversion.publisher), at: conversion.time))
    if countryLimitsTier { shared = min(shared, country) }
    let source = networks[conversion.network].campaigns[conversion.campaign].sourceIdentifier
    var forms: [Int?] = [nil, nil, nil]
    for digits in digitForms {
      let key = CrowdKey.source(network: conversion.network, digits: digits, value: source % TierDecision.modulus(digits: digits))
      forms[digits - 2] = size(of: key, at: conversion.time)
    }
    return CrowdSizes(shared: shared, country: country, forms: forms)
  }

  private func forcedTier(_ conversion: ConversionFacts) -> Int? {
    networks[conversion.network].campaigns[conversion.campaign].forceTier ?? privacy.forceTier ?? (developerMode ? 3 : nil)
  }

  private mutating func size(of key: CrowdKey, at time: SimTime) -> Int {
    crowds[key]?.count(after: time - privacy.crowdPeriod) ?? 0
  }
}
