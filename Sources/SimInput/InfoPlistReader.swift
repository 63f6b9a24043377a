import DidYouMean
import Foundation
import SimJSON
import SimModel

/// Reads the advertised app's `infoPlist` object: Info.plist entries in Apple's own spelling
/// and shape, so they can be copied to and from a real app's Info.plist.
package struct InfoPlistReader {
  /// The `infoPlist` value.
  package let reader: JSONReader
  /// Identifiers of the scenario's ad networks: the only keys `AttributionWindows` takes besides
  /// `global`.
  package let networkIdentifiers: [String]
  /// The devices' iOS version; nil when the platform could not be read, which skips the OS
  /// checks rather than checking against a guess.
  package let iosVersion: OSVersion?

  package static let configurationsKey = "AdAttributionKitConfigurations"
  package static let copyEndpointKey = "AttributionCopyEndpoint"
  package static let reengagementCopiesKey = "EligibleForAdAttributionKitReengagementPostbackCopies"
  package static let overlappingConversionsKey = "EligibleForAdAttributionKitOverlappingConversions"

  /// Every key `infoPlist` takes.
  package static let keys = [configurationsKey, copyEndpointKey, reengagementCopiesKey, overlappingConversionsKey]
  /// The keys only AdAttributionKit reads; SKAdNetwork's copy endpoint is the app's
  /// `attributionReportEndpoint`.
  package static let adAttributionKitKeys = keys

  /// Where Apple posts developer copies, on the endpoint's registrable domain (rulebook §7.6, B11).
  package static let copyPath = "/.well-known/appattribution/report-attribution/"

  /// The first iOS version that reads each key; older devices ignore the key (§1, §2.5, §3.5).
  package static let minimumOS: [String: OSVersion] = [
    configurationsKey: Platform.attributionRulesOS,
    overlappingConversionsKey: Platform.attributionRulesOS,
    reengagementCopiesKey: Platform.reengagementOS,
  ]

  /// Sets `app`'s Info.plist fields from the object, logging every problem.
  package func read(into app: inout AdvertisedApp) {
    guard let object = reader.object(keys: Self.keys) else { return }
    checkMinimumOS(object)
    if let configuration = object.optional(Self.configurationsKey).flatMap(readConfigurations) {
      app.attributionConfiguration = configuration
    }
    if let endpoint = object.optional(Self.copyEndpointKey).flatMap(readCopyEndpoint) {
      app.attributionCopyEndpoint = endpoint
    }
    if let copies = object.optional(Self.reengagementCopiesKey)?.bool() {
      app.reengagementPostbackCopies = copies
    }
    if let overlapping = object.optional(Self.overlappingConversionsKey)?.bool() {
      app.overlappingConversions = overlapping
    }
  }

  /// Logs each AdAttributionKit-only key present when the scenario does not use
  /// AdAttributionKit: SKAdNetwork never reads them, so they would configure nothing.
  package func checkFramework(usesAdAttributionKit: Bool) {
    guard !usesAdAttributionKit, case .object(let members) = reader.node.value else { return }
    for member in members where Self.adAttributionKitKeys.contains(member.key) {
      reader.log.add(
        ScenarioDiagnostic(
          file: reader.file, location: member.keyLocation, path: reader.child(member.value, key: member.key).path,
          message: "'\(member.key)' is read by AdAttributionKit only, and no ad network here uses it; "
            + "remove the key or use AdAttributionKit"))
    }
  }

  // MARK: - Keys

  /// Devices older than a key's first version ignore it; simulating them as if they read it
  /// would mislead, so the scenario is refused instead.
  private func checkMinimumOS(_ object: ObjectReader) {
    guard let iosVersion else { return }
    for key in Self.keys {
      guard let minimum = Self.minimumOS[key], iosVersion < minimum, let keyReader = object.optional(key) else {
        continue
      }
      keyReader.error(
        "'\(key)' needs iOS \(minimum) or later (older devices ignore it), but devices run iOS \(iosVersion); "
          + "raise platform.iosVersion or remove the key")
    }
  }

  private func readConfigurations(_ reader: JSONReader) -> AttributionConfiguration? {
    guard let object = reader.object(keys: ["AttributionWindows", "AttributionCooldown"]) else { return nil }
    var configuration = AttributionConfiguration()
    if let windows = object.optional("AttributionWindows") {
      readWindows(windows, into: &configuration)
    }
    if let cooldown = object.optional("AttributionCooldown")?.object(
      keys: ["install-cooldown-hours", "re-engagement-cooldown-hours"])
    {
      if let hours = cooldown.optional("install-cooldown-hours").flatMap({ hours($0, after: "an install") }) {
        configuration.installCooldownHours = hours
      }
      if let hours = cooldown.optional("re-engagement-cooldown-hours").flatMap({ hours($0, after: "a re-engagement") }) {
        configuration.reengagementCooldownHours = hours
      }
    }
    return configuration
  }

  /// `AttributionWindows`: `global` and ad network IDs, each holding `install`.
  private func readWindows(_ reader: JSONReader, into configuration: inout AttributionConfiguration) {
    guard case .object(let members) = reader.node.value else {
      reader.expected("an object")
      return
    }
    for member in members {
      let child = reader.child(member.value, key: member.key)
      if member.key == "global" {
        if let windows = readInstallWindows(child, global: true) { configuration.global = windows }
      } else if networkIdentifiers.contains(member.key) {
        if let windows = readInstallWindows(child, global: false) { configuration.networks[member.key] = windows }
      } else {
        reader.log.add(
          ScenarioDiagnostic(
            file: reader.file, location: member.keyLocation, path: child.path,
            message: unknownNetworkMessage(member.key)))
      }
    }
  }

  private func unknownNetworkMessage(_ key: String) -> String {
    var message = "'\(key)' is not the identifier of a declared ad network (AttributionWindows takes 'global' and ad network IDs)"
    if let suggestion = Suggestion.closest(to: key, among: ["global"] + networkIdentifiers) {
      message += "; did you mean '\(suggestion)'?"
    } else if !networkIdentifiers.isEmpty {
      message += "; declared: \(networkIdentifiers.map { "'\($0)'" }.joined(separator: ", "))"
    }
    return message
  }

  /// `{ install: { click, view, ignoreInteractionType } }`; Apple configures windows for install
  /// conversions only (§2.2).
  private func readInstallWindows(_ reader: JSONReader, global: Bool) -> AttributionConfiguration.Windows? {
    guard let object = reader.object(keys: ["install"]),
      let install = object.required("install", "the windows for install conversions")?.object(
        keys: ["click", "view", "ignoreInteractionType"])
    else { return nil }
    if install.members.isEmpty {
      install.reader.error("expected 'click', 'view' or 'ignoreInteractionType'; an empty 'install' configures nothing")
    }
    var windows = AttributionConfiguration.Windows()
    windows.clickDays = install.optional("click").flatMap {
      days($0, in: AttributionConfiguration.clickDayRange, window: "click")
    }
    windows.viewDays = install.optional("view").flatMap {
      days($0, in: AttributionConfiguration.viewDayRange, window: "view")
    }
    if let ignoreReader = install.optional("ignoreInteractionType") {
      if global {
        // iOS silently skips it here (§2.5, B6); a scenario that set it surely meant a network.
        ignoreReader.error(
          "'ignoreInteractionType' belongs under an ad network ID (AttributionWindows.<ad-network-id>.install); "
            + "iOS ignores it in 'global'")
      } else if let text = ignoreReader.oneOf(InteractionType.allCases.map(\.rawValue)) {
        windows.ignoreInteractionType = InteractionType(rawValue: text)
      }
    }
    return windows
  }

  /// A whole number of days in Apple's range for the window.
  private func days(_ reader: JSONReader, in range: ClosedRange<Int>, window: String) -> Int? {
    whole(reader, in: range, meaning: "days a \(window) can win an install")
  }

  /// A whole number of cooldown hours in Apple's range.
  private func hours(_ reader: JSONReader, after conversion: String) -> Int? {
    whole(reader, in: AttributionConfiguration.cooldownHourRange, meaning: "hours without new conversions after \(conversion)")
  }

  /// An integer in `range`; the message says what the number means, since days and hours sit
  /// side by side in this dictionary.
  private func whole(_ reader: JSONReader, in range: ClosedRange<Int>, meaning: String) -> Int? {
    let wanted = "an integer from \(range.lowerBound) to \(range.upperBound) (\(meaning))"
    guard case .number(let number) = reader.node.value, let value = number.int64 else {
      reader.expected(wanted)
      return nil
    }
    guard value >= Int64(range.lowerBound), value <= Int64(range.upperBound) else {
      reader.error("expected \(wanted), found \(value)")
      return nil
    }
    return Int(value)
  }

  /// An `https://` origin: Apple posts copies to a fixed path on its registrable domain, so any
  /// other path, query or fragment would be dropped.
  private func readCopyEndpoint(_ reader: JSONReader) -> String? {
    guard let text = reader.string() else { return nil }
    guard text.hasPrefix("https://"), let url = URLComponents(string: text), let host = url.host, !host.isEmpty else {
      reader.error("expected an https:// URL such as 'https://example.com', found \(Excerpt.quoted(text))")
      return nil
    }
    guard url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil else {
      reader.error(
        "expected a domain only, such as 'https://\(host)', found \(Excerpt.quoted(text)): Apple posts developer copies to "
          + "the registrable domain's \(Self.copyPath) and ignores any path")
      return nil
    }
    return text
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(reader: JSONReader, networkIdentifiers: [String], iosVersion: OSVersion?) {
    self.reader = reader
    self.networkIdentifiers = networkIdentifiers
    self.iosVersion = iosVersion
  }
}
