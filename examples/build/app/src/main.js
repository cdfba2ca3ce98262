console.log("hello from app");
