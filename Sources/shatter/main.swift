print("shatter")
