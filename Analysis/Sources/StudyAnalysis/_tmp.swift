import CCSV
import CRmath
let _x = qtukey(0.95, 1, 3, 10, 1, 0)
