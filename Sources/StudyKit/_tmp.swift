import CCSV
