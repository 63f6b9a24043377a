import SimEngine
import SimJSON
import SimModel

/// The attribution record Apple's API returns for a token (rulebook §8).
///
/// Attributed downloads carry the campaign's identifiers; with tracking authorised (ATT) the
/// record is detailed and adds `clickDate` or `impressionDate`. Downloads with no Apple Ads
/// interaction in the lookback, and those of campaigns with age or gender targeting (C2), come
/// back `attribution: false` only.
package enum AdServicesRecord {
  /// The record for a download claimed by `claim`, or `attribution: false` when nil.
  package static func json(
    claim: AdServicesClaim?, appleAds: AppleAds, conversionType: AdServicesConversionType, country: String,
    detailed: Bool, iosVersion: OSVersion, epoch: Epoch
  ) -> JSONValue {
    guard let claim else { return .object(["attribution": .bool(false)]) }
    let interaction = claim.interaction
    let campaign = appleAds.campaigns[interaction.campaign]
    guard !campaign.ageOrGenderTargeting else { return .object(["attribution": .bool(false)]) }
    let adGroup = campaign.adGroups[interaction.adGroup]
    var record: [String: JSONValue] = [
      "attribution": .bool(true), "orgId": .int(appleAds.orgId), "campaignId": .int(campaign.id),
      "conversionType": .string(conversionType.rawValue), "claimType": .string(claim.isTap ? "Click" : "Impression"),
      "adGroupId": .int(adGroup.id), "countryOrRegion": .string(country),
      "supplyPlacement": .string(campaign.supplyPlacement.rawValue),
    ]
    // No keyword with search match or outside search results.
    if let keyword = interaction.keyword { record["keywordId"] = .int(adGroup.keywords[keyword].id) }
    if let ad = interaction.ad, iosVersion >= AppleAds.adIdOS { record["adId"] = .int(adGroup.ads[ad].id) }
    if detailed {
      record[claim.isTap ? "clickDate" : "impressionDate"] = .string(minuteDate(claim.time, epoch: epoch))
    }
    return .object(record)
  }

  /// The fixed record Apple's API returns in development (§8), field for field as Apple's
  /// `attributionToken()` page shows it (C1). The older payload with `keywordId` 12323222,
  /// `adId` 1234567890 and no `supplyPlacement` was a third party's observation, not Apple's.
  package static let developmentRecord: JSONValue = .object([
    "attribution": .bool(true), "orgId": .int(1_234_567_890), "campaignId": .int(1_234_567_890),
    "conversionType": .string("Download"), "clickDate": .string("2020-04-08T17:17Z"), "claimType": .string("Click"),
    "adGroupId": .int(1_234_567_890), "countryOrRegion": .string("US"), "keywordId": .int(123_222),
    "adId": .int(542_317_136), "supplyPlacement": .string(SupplyPlacement.searchResults.rawValue),
  ])

  /// Dates in records are UTC to the minute, e.g. `2020-04-08T17:17Z`.
  package static func minuteDate(_ time: SimTime, epoch: Epoch) -> String {
    let full = epoch.iso8601(after: time.milliseconds)
    // "yyyy-MM-ddTHH:mm" is the first 16 characters of the millisecond form.
    return String(full.prefix(16)) + "Z"
  }
}
