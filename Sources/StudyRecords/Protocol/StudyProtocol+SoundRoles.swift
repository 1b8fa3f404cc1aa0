// Each sound a protocol names must have the role it is used in: the shutter is no animal, ambience no target.
import Foundation

extension StudyProtocol {
    /// Checks every condition's sounds against the catalog's roles: `targets` only sounds of role target,
    /// `background_sound` only of role background, and never one sound as both in a round.
    /// `targets`/`backgrounds`: the catalog names of each role; `roles`: every catalog name's role.
    public func checkSoundRoles(
        targets: Set<String>, backgrounds: Set<String>, roles: [String: String], file: String, fieldPrefix: String = ""
    ) throws {
        for (index, condition) in conditions.enumerated() {
            if let background = condition.backgroundSound, let position = condition.targets.firstIndex(of: background) {
                throw ProtocolError(
                    file: file, field: fieldPrefix + "conditions[\(index)].targets[\(position)]",
                    problem:
                        "names '\(background)', the round's background sound; a sound cannot be both a target and the background of one round"
                )
            }
            for (position, sound) in condition.targets.enumerated() where !targets.contains(sound) {
                throw ProtocolError(
                    file: file, field: fieldPrefix + "conditions[\(index)].targets[\(position)]",
                    problem:
                        "names '\(sound)', which sounds.json gives the role '\(roles[sound] ?? "none")', not 'target'; use one of \(targets.sorted().joined(separator: ", "))"
                )
            }
            if let sound = condition.backgroundSound, !backgrounds.contains(sound) {
                throw ProtocolError(
                    file: file, field: fieldPrefix + "conditions[\(index)].background_sound",
                    problem:
                        "names '\(sound)', which sounds.json gives the role '\(roles[sound] ?? "none")', not 'background'; use one of \(backgrounds.sorted().joined(separator: ", "))"
                )
            }
        }
    }
}
