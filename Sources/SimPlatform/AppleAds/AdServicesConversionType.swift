/// What kind of download an Apple Ads record reports (`conversionType`, rulebook §8).
public enum AdServicesConversionType: String, CaseIterable, Sendable {
  case download = "Download"
  case redownload = "Redownload"
  case preOrder = "PreOrder"
}
