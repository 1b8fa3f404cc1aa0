// A sync batch's items read with StudyRecords' codecs: checked before anything is stored, then projected into tables.
import Foundation
import StudyRecords

/// The records of one batch (or of a file held already, for the backfill), in item order.
enum DecodedItems: Sendable {
    case participants([ParticipantRecord])
    case trials([TrialRow])
    case ratings([RatingRow])
    case session(SessionRecord)
    case plan(AssignedPlan)
    /// profile.json: item n is the whole file as of version n (its versions 1…n), so items are never rewritten.
    case profile([[HearingProfile]])
    /// `<P>/questionnaires.csv` and `<P>/diary.csv`: the patient's record, append-only CSV logs like ratings.csv.
    case questionnaires([QuestionnaireRow])
    case diary([DiaryRow])
    /// `<P>/messages.csv`: the patient's messages to their study team and the answers their machine received.
    case messages([MessageRow])
    /// `<P>/hrtf-choice.csv`: the comparisons of choosing an HRTF set by ear and each choice's winner.
    case hrtfChoice([HRTFChoiceRow])
    /// `<P>/<session>/tracker.csv`: a head tracker's readings and calibration events.
    case tracker([TrackerRow])
    /// A session's result picture (one item: the PNG in base64), checked to be a PNG of a picture's size.
    case picture(width: Int, height: Int)

    /// A CSV batch's records under the file's `header`, or a JSON item; a cut-off last line counts as one record
    /// too many (`count` tells), and errors are StudyRecords' own (file, line, column).
    static func decode(kind: String, file: String, header: String?, items: [String]) throws -> (
        DecodedItems, count: Int
    ) {
        switch kind {
        case "participants", "ratings", "trials", "questionnaires", "diary", "messages", "hrtf-choice", "tracker":
            let data = Data(((header ?? "") + items.joined()).utf8)
            switch kind {
            case "participants":
                let decoded = try CSVLogFile<ParticipantRecord>.decode(data, file: file)
                return (.participants(decoded.records), count(decoded))
            case "ratings":
                let decoded = try CSVLogFile<RatingRow>.decode(data, file: file)
                return (.ratings(decoded.records), count(decoded))
            case "questionnaires":
                let decoded = try CSVLogFile<QuestionnaireRow>.decode(data, file: file)
                return (.questionnaires(decoded.records), count(decoded))
            case "diary":
                let decoded = try CSVLogFile<DiaryRow>.decode(data, file: file)
                return (.diary(decoded.records), count(decoded))
            case "messages":
                let decoded = try CSVLogFile<MessageRow>.decode(data, file: file)
                return (.messages(decoded.records), count(decoded))
            case "hrtf-choice":
                let decoded = try CSVLogFile<HRTFChoiceRow>.decode(data, file: file)
                return (.hrtfChoice(decoded.records), count(decoded))
            case "tracker":
                let decoded = try CSVLogFile<TrackerRow>.decode(data, file: file)
                return (.tracker(decoded.records), count(decoded))
            default:
                let decoded = try CSVLogFile<TrialRow>.decode(data, file: file)
                return (.trials(decoded.records), count(decoded))
            }
        case "session":
            return (.session(try SessionRecord.decode(Data(items[0].utf8), file: file)), 1)
        case ResultPictureItem.kind:
            let (_, width, height) = try ResultPictureItem.decode(items[0], file: file)
            return (.picture(width: width, height: height), 1)
        case "profile":
            return (.profile(try items.map { try HearingProfile.decodeAll(Data($0.utf8), path: file) }), items.count)
        default:
            return (.plan(try AssignedPlan.decode(Data(items[0].utf8), url: URL(fileURLWithPath: file))), 1)
        }
    }

    /// The number of whole records a CSV batch decodes to; a cut-off last line counts as one too many.
    private static func count<Record>(_ file: CSVLogFile<Record>) -> Int {
        file.records.count + (file.cutOff == nil ? 0 : 1)
    }
}
