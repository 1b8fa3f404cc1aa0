// The headphone check: left then right, swapped channels caught, a safe and bounded volume.
import Testing

@testable import GameUI

@Suite struct HeadphoneCheckTests {
    @Test func hearingLeftThenRightPasses() {
        var check = HeadphoneCheck()
        #expect(check.sideToPlay == .left)
        check.answer(.left)
        #expect(check.sideToPlay == .right)
        check.answer(.right)
        #expect(check.step == .passed)
        #expect(check.sideToPlay == nil)
    }

    @Test func hearingBothSidesReversedIsCaughtAsSwappedChannelsAndStartsOver() {
        var check = HeadphoneCheck()
        check.answer(.right)
        check.answer(.left)
        #expect(check.lastVerdict == .swapped)
        #expect(check.sideToPlay == .left)
        #expect(check.verdictMessage?.contains("swapped") == true)
        // Turning the headphones round fixes it: going on anyway is not offered, Enter does nothing.
        #expect(!check.canContinueAnyway)
        check.continueAnyway()
        #expect(check.step == .asking(.left))
    }

    @Test func hearingBothSoundsOnOneSideIsReportedAsNotMatching() {
        var check = HeadphoneCheck()
        check.answer(.left)
        check.answer(.left)
        #expect(check.lastVerdict == .inconsistent)
        #expect(check.step == .asking(.left))
    }

    @Test func theVolumeStartsQuietAndStaysWithinItsSafeRange() {
        var check = HeadphoneCheck()
        #expect(check.volumeDB < -10)
        check.changeVolume(bySteps: 100)
        #expect(check.volumeDB == 0)
        check.changeVolume(bySteps: -100)
        #expect(check.volumeDB == HeadphoneCheck.volumeRangeDB.lowerBound)
    }

    @Test func theCheckSoundsSitHardLeftAndHardRight() {
        #expect(EarSide.left.bearingDegrees == 270)
        #expect(EarSide.right.bearingDegrees == 90)
    }
}

@Suite struct HeadphoneCheckVolumeTests {
    @Test func itStartsAtTheParticipantsLastVolumeWithinTheRange() {
        #expect(HeadphoneCheck(volumeDB: -9, maximumDB: nil).volumeDB == -9)
        #expect(HeadphoneCheck(volumeDB: 12, maximumDB: 0).volumeDB == 0)
        #expect(HeadphoneCheck(volumeDB: -3, maximumDB: -12).volumeDB == -12, "never starts above the maximum")
        #expect(HeadphoneCheck(volumeDB: nil, maximumDB: nil).volumeDB == HeadphoneCheck.defaultVolumeDB)
    }

    @Test func raisingTheVolumeAboveTheSupervisorsMaximumWarnsInsteadOfGoingSilentlyToZero() {
        var check = HeadphoneCheck(volumeDB: -15, maximumDB: -12)
        #expect(check.volumeWarning == nil)
        check.changeVolume(bySteps: 1)
        #expect(check.volumeDB == -12)
        #expect(check.volumeWarning == nil)
        check.changeVolume(bySteps: 1)
        #expect(check.volumeWarning?.contains("above the maximum of -12 dB") == true)
        check.changeVolume(bySteps: -1)
        #expect(check.volumeWarning == nil)
    }

    @Test func withoutAProfileTheDefaultMaximumStillWarnsBeforeFullScale() {
        var check = HeadphoneCheck()
        check.changeVolume(bySteps: 10)
        #expect(check.volumeDB == 0)
        #expect(check.volumeWarning != nil)
    }
}

@Suite struct HeadphoneCheckAnswerTests {
    @Test func notHearingTheRightSoundSaysWhatToTryAndLetsThePlayerContinueAnyway() {
        var check = HeadphoneCheck()
        #expect(!check.canContinueAnyway)
        check.answer(.side(.left))
        check.answer(.nothing)
        #expect(check.lastVerdict == .notHeard(.right))
        #expect(check.verdictMessage?.contains("volume up") == true)
        #expect(check.canContinueAnyway)
        check.continueAnyway()
        #expect(check.step == .passed)
        #expect(check.continuedWithoutPassing)
    }

    @Test func hearingASoundOnBothSidesPointsAtMonoHeadphones() {
        var check = HeadphoneCheck()
        check.answer(.both)
        check.answer(.side(.right))
        #expect(check.lastVerdict == .heardOnBothSides)
        #expect(check.verdictMessage?.contains("stereo") == true)
        #expect(check.step == .asking(.left))
    }

    @Test func escapeAsksFirstAndAnswersWaitUntilThePlayerGoesBack() {
        var check = HeadphoneCheck()
        check.toggleQuitQuestion()
        #expect(check.confirmingQuit)
        check.answer(.side(.left))
        #expect(check.sideToPlay == .left, "no answer while the quit question shows")
        check.toggleQuitQuestion()
        check.answer(.side(.left))
        #expect(check.sideToPlay == .right)
    }

    @Test func aPlayerWhoHasNotFailedCannotSkipTheCheck() {
        var check = HeadphoneCheck()
        check.continueAnyway()
        #expect(check.step == .asking(.left))
    }
}
