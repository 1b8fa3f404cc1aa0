import CSDL2
import SpatialAudio
