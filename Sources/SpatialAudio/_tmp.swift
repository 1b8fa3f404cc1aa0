import COpenAL
