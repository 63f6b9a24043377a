import Foundation

/// ISO 3166 country codes for the countries logs name: GA4 exports English names
/// ("United States"), AppsFlyer two-letter codes ("us"). Names come from the system's
/// locale data (CLDR); a name it does not know is kept as logged.
package enum CountryNames {
  private static let codes: [String: String] = {
    let english = Locale(identifier: "en_US")
    var table: [String: String] = [:]
    for region in Locale.Region.isoRegions {
      let code = region.identifier
      guard code.count == 2, code.allSatisfy(\.isLetter), let name = english.localizedString(forRegionCode: code) else { continue }
      table[name.lowercased()] = code
    }
    return table
  }()

  /// The code for `logged`: itself uppercased when it is two letters, else the code whose English
  /// name it is (any case); nil when it is neither.
  package static func code(for logged: String) -> String? {
    if logged.count == 2, logged.allSatisfy({ $0.isASCII && $0.isLetter }) { return logged.uppercased() }
    return codes[logged.lowercased()]
  }
}
