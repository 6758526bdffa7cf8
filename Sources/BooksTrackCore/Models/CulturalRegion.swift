/// The cultural region an author writes from, used by the diversity insights.
public enum CulturalRegion: String, Codable, Sendable, CaseIterable, Hashable {
    case africa
    case asia
    case europe
    case northAmerica
    case southAmerica
    case oceania
    case middleEast
    case caribbean
    case centralAsia
    case indigenous
    case international

    /// The name shown to a reader.
    public var displayName: String {
        switch self {
        case .africa: "Africa"
        case .asia: "Asia"
        case .europe: "Europe"
        case .northAmerica: "North America"
        case .southAmerica: "South America"
        case .oceania: "Oceania"
        case .middleEast: "Middle East"
        case .caribbean: "Caribbean"
        case .centralAsia: "Central Asia"
        case .indigenous: "Indigenous"
        case .international: "International"
        }
    }
}
